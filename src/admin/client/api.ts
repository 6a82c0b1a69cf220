import { signInForPath } from '../../domain/team/landing';
import { isLeavingByFormPost } from '../../domain/formPostMark';

/**
 * The admin's fetch client (docs/product.md): credentials included, JSON bodies, no retries. A
 * non-success answer becomes an Error '{status}: {body or status text}'; a 401 sends the browser to
 * the login page.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]>,
    /** The answer's machine-readable `code`, e.g. 'step_up_required' (src/admin/signIn/stepUp.ts). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * A 401: the session has ended, so the browser goes to the login page, unless a form post is
 * already taking it elsewhere (domain/formPostMark.ts).
 */
export function sendToLogin(): void {
  if (!isLeavingByFormPost(document.documentElement)) window.location.assign(signInForPath(window.location.pathname));
}

/** `headers` carries e.g. If-Match, so a change applies only to the version the admin saw. */
export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    // A sign-in step's 401 (a wrong password, code or passkey) is an answer, not an ended session.
    if (response.status === 401 && !path.startsWith('/api/admin/login')) sendToLogin();
    let parsed: { fieldErrors?: Record<string, string[]>; code?: unknown } = {};
    try {
      parsed = (JSON.parse(text) as typeof parsed | null) ?? {};
    } catch {
      // not JSON
    }
    const code = typeof parsed.code === 'string' ? parsed.code : undefined;
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      parsed.fieldErrors ?? {},
      code,
    );
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** A 412: the record changed since this page read it. */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}
