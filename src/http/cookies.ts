import { NOTICE_COOKIE, NOTICE_COOKIE_RULES, type NoticeName } from '../domain/adminNotice';
import { cookieString, type CookieRules } from '../domain/cookieString';
import { PENDING_LIFETIME_MS } from '../auth/pendingLogin';
import { ABSOLUTE_LIFETIME_MS } from '../auth/sessions';
import { pendingCookieName, sessionCookieName } from '../auth/cookieNames';
import { serverEnv } from '../settings';

/**
 * The server's Set-Cookie values, written by the one cookie format (domain/cookieString.ts). Secure
 * follows SESSION_SECURE_COOKIE; the sign-in cookies are HttpOnly (README.md, "Admin sign-in"); a
 * cleared cookie is the same cookie, empty, with Max-Age=0.
 */
export const setCookie = (name: string, value: string, rules: Omit<CookieRules, 'secure'>): string =>
  cookieString(name, value, { ...rules, secure: serverEnv().secureCookie });

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
export const noticeCookie = (name: NoticeName) => setCookie(NOTICE_COOKIE, name, NOTICE_COOKIE_RULES);

/** The token a request's cookie carries, if any. */
export const sessionToken = (cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(sessionCookieName())?.value;

export const pendingToken = (cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(pendingCookieName())?.value;
