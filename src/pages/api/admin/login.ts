import { TEAM_SECOND_FACTOR, TEAM_SIGN_IN } from '#src/domain/adminPaths';
import type { APIContext } from 'astro';
import { route } from '#src/http/route';
import { HttpError } from '#src/http/errors';
import { json, seeOther } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { LoginSchema } from '#src/domain/team/login';
import { clientIp, requireSameOrigin } from '#src/http/guards';
import { logIn } from '#src/auth/login';
import { afterPassword } from '#src/auth/pendingLogin';
import { landingOf, signedInCookies, signedInResponse, signInRequest } from '#src/http/signIn';
import { isFormPost, readForm } from '#src/http/formPost';
import { noticeCookie, pendingCookie } from '#src/http/cookies';
import { requestLog } from '#src/log';

export const prerender = false;

/** POST /api/admin/login: a new session on every login; the same answer for any bad credentials. */
export const POST = route(async (ctx) => {
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
  const next = await afterPassword(signInRequest(ctx), outcome.adminId);
  if (next.step === 'signed-in') return signedInResponse(next.done);
  return json({ twoFactorRequired: true, methods: next.methods }, 200, {
    'set-cookie': pendingCookie(next.pendingToken),
  });
});

/** The login form submitted before its script ran: a plain form post, answered with redirects. */
async function formLogin(ctx: APIContext): Promise<Response> {
  const input = LoginSchema.safeParse(await readForm(ctx));
  const outcome = input.success
    ? await logIn(input.data.email, input.data.password, clientIp(ctx))
    : ({ ok: false, reason: 'invalid' } as const);
  if (!outcome.ok) return seeOther(TEAM_SIGN_IN, [noticeCookie(outcome.reason)]);
  const next = await afterPassword(signInRequest(ctx), outcome.adminId);
  if (next.step === 'second-factor') return seeOther(TEAM_SECOND_FACTOR, [pendingCookie(next.pendingToken)]);
  return seeOther(landingOf(next.done), [...signedInCookies(next.done), noticeCookie('signed-in')]);
}
