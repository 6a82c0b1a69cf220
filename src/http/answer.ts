/**
 * An HTTP answer as plain data: what both ways of answering a request write. The host answers a few
 * hot paths itself, without Astro (the public list, the beacon, photos: server/writeAnswer.ts), and
 * Astro's routes answer the rest (`answerResponse` below). One answer goes out the same either way,
 * byte for byte (src/server/writeAnswer.test.ts). Header names are lower case and in name order, as
 * a fetch Headers object lists them; `content-length` is the body's, set here.
 */
export interface Answer {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** null: no body (a 204, a 304). */
  body: Buffer | null;
}

/** An answer with its body as bytes and its length; a JSON body gets its content type. */
export function answer(status: number, headers: Record<string, string>, body: Buffer | string | null = null): Answer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const all: Record<string, string> = bytes ? { ...headers, 'content-length': String(bytes.length) } : { ...headers };
  const sorted = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name.toLowerCase(), all[name]!]),
  );
  return { status, headers: sorted, body: bytes };
}

/** JSON that no cache keeps (every API answer here). */
export function jsonAnswer(status: number, body: string | Buffer, headers: Record<string, string> = {}): Answer {
  return answer(
    status,
    { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body,
  );
}

/** The adapter for Astro's routes: the answer as a fetch Response. */
export function answerResponse(answered: Answer): Response {
  const { body } = answered;
  // A view of the same bytes: a shared answer (the public list) is never copied per request.
  return new Response(body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) : null, {
    status: answered.status,
    headers: answered.headers,
  });
}
