import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { CodeSchema } from '#src/domain/team/secondFactor';
import { clientIp, requireSignedIn, requireStepUp } from '#src/http/guards';
import { confirmTotp } from '#src/auth/twoFactor';

export const prerender = false;

/**
 * POST /api/admin/me/totp/verify {code}: the app's first code turns TOTP on; `{recoveryCodes}` shown
 * once. Stepped up: that code proves the new app, not the member (docs/security.md).
 */
export const POST = route(async (ctx) => {
  const admin = requireStepUp(await requireSignedIn(ctx));
  const { code } = await readJson(ctx, CodeSchema);
  return json({ recoveryCodes: await confirmTotp(admin, code, clientIp(ctx)) });
});
