import { route } from '../../../../../http/route';
import { json } from '../../../../../http/answers';
import { readJson } from '../../../../../http/body';
import { CodeSchema } from '../../../../../domain/secondFactor';
import { clientIp, requireSignedIn } from '../../../../../http/guards';
import { renewRecoveryCodes } from '../../../../../auth/twoFactor';

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
