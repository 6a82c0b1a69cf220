import type { APIContext } from 'astro';
import { endpoint, HttpError, readJson } from '../../../../server/http';
import { CodeSchema, SIGN_IN_ENDED, SIGN_IN_ENDED_MESSAGE } from '../../../../domain/secondFactor';
import { requireSameOrigin } from '../../../../auth/guard';
import { clearedPendingCookie, completeLogin, finishLogin } from '../../../../auth/pendingLogin';
import { checkPendingCode } from '../../../../auth/pendingCode';
import { codesLockedError } from '../../../../auth/codeGuessing';
import { isFormPost, noticeCookie, readForm, seeOther } from '../../../../server/formPost';
import { serverEnv } from '../../../../settings';

export const prerender = false;

const EXPIRED = 'Your sign-in step has expired: sign in again';

/**
 * POST /api/admin/login/second-factor {code}: completes a sign-in that the password step left
 * pending (docs/product.md, "Two-factor sign-in") with an authenticator code or a recovery code.
 * 401 when the step is missing or expired (start again), ended by its tenth wrong code
 * (`code: 'sign_in_ended'`), or the code is wrong; 429 when throttled or when the account's codes are
 * locked (`code: 'second_factor_locked'`).
 */
export const POST = endpoint(async (ctx) => {
  requireSameOrigin(ctx);
  if (isFormPost(ctx.request)) return formSecondFactor(ctx);
  const { code } = await readJson(ctx, CodeSchema);
  const outcome = await checkPendingCode(ctx, code);
  const cleared = { 'set-cookie': clearedPendingCookie(serverEnv().secureCookie) };
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
  return completeLogin(ctx, outcome.adminId, check.method);
});

/** The code form posted before its script ran (or without JavaScript): answered with redirects. */
async function formSecondFactor(ctx: APIContext): Promise<Response> {
  const secure = serverEnv().secureCookie;
  const input = CodeSchema.safeParse(await readForm(ctx));
  const outcome = await checkPendingCode(ctx, input.success ? input.data.code : '');
  if (outcome === 'expired' || outcome === 'ended') {
    const notice = outcome === 'expired' ? 'sign-in-expired' : 'sign-in-ended';
    return seeOther('/admin/login', [clearedPendingCookie(secure), noticeCookie(notice, secure)]);
  }
  if (!outcome.check.ok) {
    const { reason } = outcome.check;
    const notice = reason === 'throttled' ? 'throttled' : reason === 'locked' ? 'codes-locked' : 'invalid-code';
    return seeOther('/admin/second-factor', [noticeCookie(notice, secure)]);
  }
  const done = await finishLogin(ctx, outcome.adminId, outcome.check.method);
  return seeOther(done.home, [...done.cookies, noticeCookie('signed-in', secure)]);
}
