import { NOTICE_COOKIE, type NoticeName } from '../domain/adminNotice';
import { PENDING_LIFETIME_MS } from '../auth/pendingLogin';
import { ABSOLUTE_LIFETIME_MS } from '../auth/sessions';
import { pendingCookieName, sessionCookieName } from '../auth/cookieNames';
import { serverEnv } from '../settings';

/**
 * The one place a Set-Cookie value is written. Secure follows SESSION_SECURE_COOKIE; the sign-in
 * cookies are HttpOnly (README.md, "Admin sign-in"); a cleared cookie is the same cookie, empty,
 * with Max-Age=0.
 */
interface CookieRules {
  path: string;
  httpOnly: boolean;
  sameSite: 'Lax' | 'Strict';
  /** Seconds; 0 clears the cookie. */
  maxAge: number;
}

export function setCookie(name: string, value: string, rules: CookieRules): string {
  const secure = serverEnv().secureCookie;
  return [
    `${name}=${value}`,
    `Path=${rules.path}`,
    ...(rules.httpOnly ? ['HttpOnly'] : []),
    `SameSite=${rules.sameSite}`,
    `Max-Age=${rules.maxAge}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

const SESSION = { path: '/', httpOnly: true, sameSite: 'Lax' } as const;
const PENDING = { path: '/', httpOnly: true, sameSite: 'Strict' } as const;

/** The session cookie for a new session's token: HttpOnly; SameSite=Lax; Path=/. */
export const sessionCookie = (token: string) =>
  setCookie(sessionCookieName(), token, { ...SESSION, maxAge: Math.floor(ABSOLUTE_LIFETIME_MS / 1000) });

export const clearedSessionCookie = () => setCookie(sessionCookieName(), '', { ...SESSION, maxAge: 0 });

/** The cookie of a sign-in waiting for its second factor: SameSite=Strict, five minutes. */
export const pendingCookie = (token: string) =>
  setCookie(pendingCookieName(), token, { ...PENDING, maxAge: Math.floor(PENDING_LIFETIME_MS / 1000) });

export const clearedPendingCookie = () => setCookie(pendingCookieName(), '', { ...PENDING, maxAge: 0 });

/** The cookie that makes the next admin page show a toast (domain/adminNotice.ts). */
export const noticeCookie = (name: NoticeName) =>
  setCookie(NOTICE_COOKIE, name, { path: '/admin', httpOnly: false, sameSite: 'Lax', maxAge: 60 });

/** The token a request's cookie carries, if any. */
export const sessionToken = (cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(sessionCookieName())?.value;

export const pendingToken = (cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(pendingCookieName())?.value;
