import { route } from '../../../../../http/route';
import { json } from '../../../../../http/answers';
import { requireSameOrigin } from '../../../../../http/guards';
import { authenticationOptions } from '../../../../../auth/passkeySignIn';
import { signInRequest } from '../../../../../http/signIn';

export const prerender = false;

/**
 * POST /api/admin/login/passkey/options: options for navigator.credentials.get. With a pending
 * password step they name that member's passkeys; without one any discoverable passkey may answer.
 */
export const POST = route(async (ctx) => {
  requireSameOrigin(ctx);
  return json(await authenticationOptions(signInRequest(ctx)));
});
