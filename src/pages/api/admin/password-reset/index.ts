import { route } from '#src/http/route';
import { HttpError } from '#src/http/errors';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { clientIp, requireSameOrigin } from '#src/http/guards';
import { PasswordResetRequestSchema, RESET_REQUESTED } from '#src/domain/team/passwordReset';
import { requestPasswordReset } from '#src/services/team/passwordReset';

export const prerender = false;

/**
 * POST /api/admin/password-reset {email} ("Forgot password?", docs/product.md, Passwords): 202 with
 * the same sentence whether or not a member has the address; the link goes by mail. 400 for what is
 * no email address; 429 when one client network (an IPv4 address, an IPv6 /64) asks too often.
 */
export const POST = route(async (ctx) => {
  requireSameOrigin(ctx);
  const { email } = await readJson(ctx, PasswordResetRequestSchema);
  const outcome = await requestPasswordReset(email, clientIp(ctx));
  if (outcome.status === 'throttled') {
    throw new HttpError(429, 'Too many requests. Try again later.', undefined, {
      'retry-after': String(outcome.retryAfterSeconds),
    });
  }
  return json({ message: RESET_REQUESTED }, 202);
});
