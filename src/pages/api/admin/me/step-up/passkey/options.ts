import { endpoint, json } from '../../../../../../server/http';
import { requireSignedIn } from '../../../../../../auth/guard';
import { stepUpOptions } from '../../../../../../auth/stepUpPasskey';

export const prerender = false;

/** POST /api/admin/me/step-up/passkey/options: options for navigator.credentials.get with the member's passkeys (409 with none). */
export const POST = endpoint(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  return json(await stepUpOptions(admin));
});
