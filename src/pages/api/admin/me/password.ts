import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { clientIp, requireSignedIn, requireStepUp } from '#src/http/guards';
import { ChangePasswordSchema } from '#src/domain/team/passwordReset';
import { changePassword } from '#src/services/team/passwordReset';

export const prerender = false;

/**
 * PUT /api/admin/me/password {password} ("Change password", docs/product.md, Passwords): stepped up
 * as every change to how a member signs in (docs/decisions/0021-step-up.md); the member's other
 * sessions end, this one stays. `{ended}`: how many ended.
 */
export const PUT = route(async (ctx) => {
  const admin = requireStepUp(await requireSignedIn(ctx));
  const { password } = await readJson(ctx, ChangePasswordSchema);
  return json(await changePassword(admin, password, clientIp(ctx)));
});
