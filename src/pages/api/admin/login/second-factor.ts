import { TEAM_SECOND_FACTOR, TEAM_SIGN_IN } from '#src/domain/adminPaths';
import type { APIContext } from 'astro';
import { route } from '#src/http/route';
import { HttpError } from '#src/http/errors';
import { readJson } from '#src/http/body';
import { CodeSchema, SIGN_IN_ENDED, SIGN_IN_ENDED_MESSAGE } from '#src/domain/team/secondFactor';
import { requireSameOrigin } from '#src/http/guards';
import { clearedPendingCookie, noticeCookie } from '#src/http/cookies';
import { finishLogin } from '#src/auth/pendingLogin';
import { landingOf, signedInCookies, signedInResponse, signInRequest } from '#src/http/signIn';
import { checkPendingCode } from '#src/auth/pendingCode';
import { codesLockedError } from '#src/auth/codeGuessing';
import { isFormPost, readForm } from '#src/http/formPost';
import { seeOther } from '#src/http/answers';

export const prerender = false;

const EXPIRED = 'Your sign-in step has expired: sign in again';

/**
 * POST /api/admin/login/second-factor {code}: completes a sign-in that the password step left
 * pending (docs/product.md, "Two-factor sign-in") with an authenticator code or a recovery code.
 * 401 when the step is missing or expired (start again), ended by its tenth wrong code
 * (`code: 'sign_in_ended'`), or the code is wrong; 429 when throttled or when the account's codes are
 * locked (`code: 'second_factor_locked'`).
 */
export const POST = route(async (ctx) => {
  requireSameOrigin(ctx);
  if (isFormPost(ctx.request)) return formSecondFactor(ctx);
  const { code } = await readJson(ctx, CodeSchema);
  const request = signInRequest(ctx);
  const outcome = await checkPendingCode(request, code);
  const cleared = { 'set-cookie': clearedPendingCookie() };
  if (outcome === 'expired') throw new HttpError(401, EXPIRED, undefined, cleared);
  if (outcome === 'ended') throw new HttpError(401, SIGN_IN_ENDED_MESSAGE, undefined, cleared, SIGN_IN_ENDED);
  const { check } = outcome;
  if (!check.ok && check.reason === 'locked') throw codesLockedError(check.until);
  if (!check.ok && check.reason === 'throttled') {
    throw new HttpError(429, 'Too many attempts. Try again later.', undefined, {
      'retry-after': String(check.retryAfter),
    });
  }
  if (!check.ok) throw new HttpError(401, 'Invalid code');
  return signedInResponse(await finishLogin(request, outcome.adminId, check.method));
});

/** The code form posted before its script ran (or without JavaScript): answered with redirects. */
async function formSecondFactor(ctx: APIContext): Promise<Response> {
  const input = CodeSchema.safeParse(await readForm(ctx));
  const request = signInRequest(ctx);
  const outcome = await checkPendingCode(request, input.success ? input.data.code : '');
  if (outcome === 'expired' || outcome === 'ended') {
    const notice = outcome === 'expired' ? 'sign-in-expired' : 'sign-in-ended';
    return seeOther(TEAM_SIGN_IN, [clearedPendingCookie(), noticeCookie(notice)]);
  }
  if (!outcome.check.ok) {
    const { reason } = outcome.check;
    const notice = reason === 'throttled' ? 'throttled' : reason === 'locked' ? 'codes-locked' : 'invalid-code';
    return seeOther(TEAM_SECOND_FACTOR, [noticeCookie(notice)]);
  }
  const done = await finishLogin(request, outcome.adminId, outcome.check.method);
  return seeOther(landingOf(done), [...signedInCookies(done), noticeCookie('signed-in')]);
}
