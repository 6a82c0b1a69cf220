import { etagFor } from '../domain/etag';

/** The answers a route gives: JSON, a record with its version, a redirect after a form post. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** JSON with cookies set (one Set-Cookie header each). */
export function jsonWithCookies(body: unknown, status: number, cookies: string[]): Response {
  const response = json(body, status);
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** A record as JSON with its version as ETag (what the next If-Match should name). */
export function recordJson(record: { updatedAt: Date }, status = 200): Response {
  return json(record, status, { etag: etagFor(record.updatedAt) });
}

/** 303 See Other: the browser follows it with a GET, so Back and reload never re-post the form. */
export function seeOther(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
