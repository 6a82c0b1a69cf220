import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { CodeSchema } from '#src/domain/team/secondFactor';
import { clientIp, requireSignedIn } from '#src/http/guards';
import { renewRecoveryCodes } from '#src/auth/twoFactor';

export const prerender = false;

/**
 * POST /api/admin/me/totp/recovery-codes {code}: ten new recovery codes replace the old ones, shown
 * once. The current code it asks for is the step-up (docs/decisions/0021-step-up.md).
 */
export const POST = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  const { code } = await readJson(ctx, CodeSchema);
  return json({ recoveryCodes: await renewRecoveryCodes(admin, code, clientIp(ctx)) });
});
