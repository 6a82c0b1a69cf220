import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { clientIp, requireSameOrigin } from '#src/http/guards';
import { PASSWORD_SET, PasswordResetConfirmSchema, signInPath } from '#src/domain/team/passwordReset';
import { confirmPasswordReset } from '#src/services/team/passwordReset';

export const prerender = false;

/**
 * POST /api/admin/password-reset/confirm {token, password} (docs/product.md, Passwords): the token
 * travels in the body, never in this path. 200 `{message, signIn}`: the password is set, every
 * session of the member ended; the member then signs in, with their second factor if they have one.
 * 404 for an unknown, used or replaced link, 410 for an expired one, 400 for a short password.
 */
export const POST = route(async (ctx) => {
  requireSameOrigin(ctx);
  const { token, password } = await readJson(ctx, PasswordResetConfirmSchema);
  const { side } = await confirmPasswordReset(token, password, clientIp(ctx));
  return json({ message: PASSWORD_SET, signIn: signInPath(side) });
});
