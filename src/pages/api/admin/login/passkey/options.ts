import { endpoint, json } from '../../../../../server/http';
import { requireSameOrigin } from '../../../../../auth/guard';
import { authenticationOptions } from '../../../../../auth/passkeySignIn';

export const prerender = false;

/**
 * POST /api/admin/login/passkey/options: options for navigator.credentials.get. With a pending
 * password step they name that member's passkeys; without one any discoverable passkey may answer.
 */
export const POST = endpoint(async (ctx) => {
  requireSameOrigin(ctx);
  return json(await authenticationOptions(ctx));
});
