import { ADMIN } from './adminPaths';
import { CODES_LOCKED_MESSAGE, SIGN_IN_ENDED_MESSAGE } from './team/secondFactor';

/**
 * Toasts that a plain form post (sent before the page's script ran) leaves for the next page: the
 * server redirects with a short-lived cookie naming one of these, and the page's island shows it
 * (the product's toast texts). Without JavaScript there is no toast, and the redirect alone says what happened.
 */
export const NOTICE_COOKIE = 'emdr_admin_notice';
/** Read by the page's script, for the admin's pages, for a minute: the redirect it rides on is immediate. */
export const NOTICE_COOKIE_RULES = { path: ADMIN, httpOnly: false, sameSite: 'Lax', maxAge: 60 } as const;

export const NOTICES = {
  'signed-in': { kind: 'success', title: 'Success', message: 'Logged in successfully' },
  'logged-out': { kind: 'success', title: 'Logged out', message: 'You have been logged out successfully' },
  invalid: { kind: 'error', title: 'Error', message: 'Invalid credentials' },
  throttled: { kind: 'error', title: 'Error', message: 'Too many login attempts. Try again later.' },
  'invalid-code': { kind: 'error', title: 'Error', message: 'Invalid code' },
  'sign-in-expired': { kind: 'error', title: 'Error', message: 'The sign-in took too long: sign in again' },
  'sign-in-ended': { kind: 'error', title: 'Error', message: SIGN_IN_ENDED_MESSAGE },
  'codes-locked': { kind: 'error', title: 'Error', message: CODES_LOCKED_MESSAGE },
} as const;

export type NoticeName = keyof typeof NOTICES;

export function isNoticeName(value: string | undefined): value is NoticeName {
  return value !== undefined && Object.hasOwn(NOTICES, value);
}

/**
 * The notice in a page's cookies that is this page's to show. A page that is itself leaving by a
 * form post has none: the post's answer sets the cookie for the page it redirects to, and the old
 * page, hydrating late on a slow CPU while that navigation is still on its way, would otherwise take
 * it (and clear it) just before it is replaced, so the next page showed no toast.
 */
export function noticeForThisPage(cookies: string, leavingByFormPost: boolean): NoticeName | null {
  if (leavingByFormPost) return null;
  const value = cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${NOTICE_COOKIE}=`))
    ?.slice(NOTICE_COOKIE.length + 1);
  return isNoticeName(value) ? value : null;
}
