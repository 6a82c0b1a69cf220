import type { APIContext } from 'astro';
import type { FinishedLogin, SignInRequest } from '../auth/pendingLogin';
import { homeFor } from '../domain/team/landing';
import { isPartner } from '../domain/team/roles';
import { jsonWithCookies } from './answers';
import { clearedPendingCookie, pendingToken, sessionCookie } from './cookies';
import { clientIp } from './guards';

/** What a sign-in needs from the request: the pending step's cookie and the client's address. */
export function signInRequest(ctx: Pick<APIContext, 'cookies' | 'locals' | 'clientAddress'>): SignInRequest {
  return { pendingToken: pendingToken(ctx.cookies), ip: clientIp(ctx) };
}

/** The cookies of a finished sign-in: the new session, and the pending step cleared. */
export function signedInCookies(done: FinishedLogin): string[] {
  return [sessionCookie(done.sessionToken), ...(done.endedPending ? [clearedPendingCookie()] : [])];
}

/** Where a member lands after signing in (domain/team/landing.ts, the one rule). */
export function landingOf(done: FinishedLogin): string {
  return homeFor(done.role, done.enrolmentRequired);
}

/**
 * The one answer of a sign-in by JSON: `{authenticated, admin: {email}}`, `enrolmentRequired` when
 * they must enrol first, and a partner's `home`; the session cookie set.
 */
export function signedInResponse(done: FinishedLogin, status = 200): Response {
  const body = {
    authenticated: true,
    admin: { email: done.email },
    ...(done.enrolmentRequired && { enrolmentRequired: true }),
    ...(isPartner(done.role) && { home: landingOf(done) }),
  };
  return jsonWithCookies(body, status, signedInCookies(done));
}
