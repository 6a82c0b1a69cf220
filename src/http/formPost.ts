import type { APIContext } from 'astro';
import { MAX_JSON_BYTES, readLimited } from './body';
import { HttpError } from './errors';

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
