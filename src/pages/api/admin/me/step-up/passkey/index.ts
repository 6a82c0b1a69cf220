import { endpoint, json, readJson } from '../../../../../../server/http';
import { PasskeySignInSchema } from '../../../../../../domain/passkeys';
import { clientIp, requireSignedIn } from '../../../../../../auth/guard';
import { stepUpWithPasskey } from '../../../../../../auth/stepUpPasskey';

export const prerender = false;

/** POST /api/admin/me/step-up/passkey {response}: confirms it's the member with a passkey; `{steppedUpUntil}`, 400 if not accepted. */
export const POST = endpoint(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  const { response } = await readJson(ctx, PasskeySignInSchema);
  const until = await stepUpWithPasskey(admin, response, clientIp(ctx));
  return json({ steppedUpUntil: until.toISOString() });
});
