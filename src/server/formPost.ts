import type { APIContext } from 'astro';
import { NOTICE_COOKIE, type NoticeName } from '../domain/adminNotice';
import { HttpError, MAX_JSON_BYTES, readLimited } from './http';

/**
 * Plain HTML form posts, for the admin controls that must work before their island hydrates
 * (login, logout). Same-origin checks stay with the caller, as for the JSON calls.
 */
export function isFormPost(request: Request): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');
}

/** The form's fields as strings (the last value of a repeated name), from a body of bounded size. */
export async function readForm(ctx: APIContext): Promise<Record<string, string>> {
  return readRequestForm(ctx.request);
}

/** The same, from a page's request (an on-demand page that takes a form post). */
export async function readRequestForm(request: Request): Promise<Record<string, string>> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) {
    throw new HttpError(413, 'Request body too large');
  }
  const text = await readLimited(request, MAX_JSON_BYTES);
  return Object.fromEntries(new URLSearchParams(text));
}

/** The cookie that makes the next admin page show a toast (domain/adminNotice.ts). */
export function noticeCookie(name: NoticeName, secure: boolean): string {
  return `${NOTICE_COOKIE}=${name}; Path=/admin; Max-Age=60; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** 303 See Other: the browser follows it with a GET, so Back and reload never re-post the form. */
export function seeOther(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
