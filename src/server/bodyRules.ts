import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What a request body may be and how long it may take, in both setups (the app alone, and the app
 * behind the static front; docs/security.md): four clients holding chunked bodies open starved every route
 * of the app.
 */

/**
 * The one place a body may come chunked: the local photo store's signed upload URL (`PUT
 * /api/uploads/{key}`), which streams the photo to disk. Every other body is a form or JSON of at
 * most 64 KB, which browsers send with a Content-Length.
 */
export function takesChunkedBody(method: string | undefined, pathname: string): boolean {
  return method === 'PUT' && pathname.startsWith('/api/uploads/');
}

export function isChunked(req: IncomingMessage): boolean {
  const coding = req.headers['transfer-encoding'];
  return coding !== undefined && /\bchunked\b/i.test(coding);
}

/** A chunked body where none is taken: answered `411 Length Required`, before anything reads it. */
export function lengthRequired(req: IncomingMessage): boolean {
  if (!isChunked(req)) return false;
  const target = req.url ?? '';
  const queryAt = target.indexOf('?');
  return !takesChunkedBody(req.method, queryAt === -1 ? target : target.slice(0, queryAt));
}

/**
 * How long a request's body may take to arrive, from its head: 64 KB takes a fraction of a second
 * on any line a person uses. A photo of 5 MB gets what Node gives a whole request by default.
 */
export const BODY_DEADLINE_MS = 20_000;
export const UPLOAD_BODY_DEADLINE_MS = 300_000;

const hasBody = (req: IncomingMessage) =>
  isChunked(req) || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * A body still arriving at its deadline ends its connection (a client trickling a byte every few
 * seconds keeps the idle sweep of stalledSockets.ts away for ever). As Node's own request timeout
 * does: a 408 first when no answer has started on the connection.
 */
export function enforceBodyDeadline(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || !hasBody(req)) return;
  const pathname = (req.url ?? '').split('?', 1)[0]!;
  const ms = takesChunkedBody(req.method, pathname) ? UPLOAD_BODY_DEADLINE_MS : BODY_DEADLINE_MS;
  const timer = setTimeout(() => {
    if (req.complete) return;
    const socket = req.socket as Socket & { _httpMessage?: ServerResponse | null };
    if (!res.headersSent && socket._httpMessage === res && socket.writable) {
      socket.write(REQUEST_TIMEOUT, () => socket.destroy());
      // A client that reads nothing either is cut all the same.
      setTimeout(() => socket.destroy(), 1_000).unref();
    } else socket.destroy();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once('end', clear);
  req.once('close', clear);
}
