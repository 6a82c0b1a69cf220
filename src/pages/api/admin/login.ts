import type { APIContext } from 'astro';
import { endpoint, HttpError, json, readJson } from '../../../server/http';
import { LoginSchema } from '../../../domain/login';
import { clientIp, requireSameOrigin } from '../../../auth/guard';
import { logIn } from '../../../auth/login';
import { afterPassword, signedInResponse } from '../../../auth/pendingLogin';
import { isFormPost, noticeCookie, readForm, seeOther } from '../../../server/formPost';
import { serverEnv } from '../../../settings';
import { requestLog } from '../../../log';

export const prerender = false;

/** POST /api/admin/login: a new session on every login; the same answer for any bad credentials. */
export const POST = endpoint(async (ctx) => {
  requireSameOrigin(ctx);
  if (isFormPost(ctx.request)) return formLogin(ctx);
  const { email, password } = await readJson(ctx, LoginSchema);
  const outcome = await logIn(email, password, clientIp(ctx), requestLog(ctx.locals.requestId));
  if (!outcome.ok && outcome.reason === 'throttled') {
    throw new HttpError(429, 'Too many login attempts. Try again later.', undefined, {
      'retry-after': String(outcome.retryAfter),
    });
  }
  if (!outcome.ok) throw new HttpError(401, 'Invalid credentials');
  const next = await afterPassword(ctx, outcome.adminId);
  if (next.step === 'signed-in') return signedInResponse(next.done);
  return json({ twoFactorRequired: true, methods: next.methods }, 200, { 'set-cookie': next.cookie });
});

/** The login form submitted before its script ran: a plain form post, answered with redirects. */
async function formLogin(ctx: APIContext): Promise<Response> {
  const secure = serverEnv().secureCookie;
  const input = LoginSchema.safeParse(await readForm(ctx));
  const outcome = input.success
    ? await logIn(input.data.email, input.data.password, clientIp(ctx))
    : ({ ok: false, reason: 'invalid' } as const);
  if (!outcome.ok) return seeOther('/admin/login', [noticeCookie(outcome.reason, secure)]);
  const next = await afterPassword(ctx, outcome.adminId);
  if (next.step === 'second-factor') return seeOther('/admin/second-factor', [next.cookie]);
  return seeOther(next.done.home, [...next.done.cookies, noticeCookie('signed-in', secure)]);
}
