import type { APIContext } from 'astro';
import * as admins from '../../../../data/admins';
import { endpoint, HttpError, readJson } from '../../../../server/http';
import { CodeSchema } from '../../../../domain/secondFactor';
import { clientIp, requireSameOrigin } from '../../../../auth/guard';
import { clearedPendingCookie, completeLogin, finishLogin, readPendingLogin } from '../../../../auth/pendingLogin';
import { checkSecondFactor, type CodeCheck } from '../../../../auth/twoFactor';
import { isFormPost, noticeCookie, readForm, seeOther } from '../../../../server/formPost';
import { serverEnv } from '../../../../env';

export const prerender = false;

const EXPIRED = 'Your sign-in step has expired: sign in again';

/**
 * POST /api/admin/login/second-factor {code}: completes a sign-in that the password step left
 * pending (docs/product.md, "Two-factor sign-in") with an authenticator code or a recovery code.
 * 401 when the step is missing or expired (start again) or the code is wrong; 429 when throttled.
 */
export const POST = endpoint(async (ctx) => {
  requireSameOrigin(ctx);
  if (isFormPost(ctx.request)) return formSecondFactor(ctx);
  const { code } = await readJson(ctx, CodeSchema);
  const outcome = await check(ctx, code);
  if (outcome === 'expired') {
    throw new HttpError(401, EXPIRED, undefined, { 'set-cookie': clearedPendingCookie(serverEnv().secureCookie) });
  }
  if (!outcome.check.ok && outcome.check.reason === 'throttled') {
    throw new HttpError(429, 'Too many attempts. Try again later.', undefined, {
      'retry-after': String(outcome.check.retryAfter),
    });
  }
  if (!outcome.check.ok) throw new HttpError(401, 'Invalid code');
  return completeLogin(ctx, outcome.adminId, outcome.check.method);
});

async function check(ctx: APIContext, code: string): Promise<'expired' | { adminId: string; check: CodeCheck }> {
  const pending = await readPendingLogin(ctx);
  const admin = pending && (await admins.findById(pending.adminId));
  if (!admin) return 'expired';
  return {
    adminId: admin.id,
    check: await checkSecondFactor({ adminId: admin.id, email: admin.email }, code, clientIp(ctx)),
  };
}

/** The code form posted before its script ran (or without JavaScript): answered with redirects. */
async function formSecondFactor(ctx: APIContext): Promise<Response> {
  const secure = serverEnv().secureCookie;
  const input = CodeSchema.safeParse(await readForm(ctx));
  const outcome = await check(ctx, input.success ? input.data.code : '');
  if (outcome === 'expired') {
    return seeOther('/admin/login', [clearedPendingCookie(secure), noticeCookie('sign-in-expired', secure)]);
  }
  if (!outcome.check.ok) {
    const notice = outcome.check.reason === 'throttled' ? 'throttled' : 'invalid-code';
    return seeOther('/admin/second-factor', [noticeCookie(notice, secure)]);
  }
  const done = await finishLogin(ctx, outcome.adminId, outcome.check.method);
  const home = done.enrolmentRequired ? '/admin/account' : '/admin/dashboard';
  return seeOther(home, [...done.cookies, noticeCookie('signed-in', secure)]);
}
