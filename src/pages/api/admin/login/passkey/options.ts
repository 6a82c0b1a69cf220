import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { requireSameOrigin } from '#src/http/guards';
import { authenticationOptions } from '#src/auth/passkeySignIn';
import { signInRequest } from '#src/http/signIn';

export const prerender = false;

/**
 * POST /api/admin/login/passkey/options: options for navigator.credentials.get. With a pending
 * password step they name that member's passkeys; without one any discoverable passkey may answer.
 */
export const POST = route(async (ctx) => {
  requireSameOrigin(ctx);
  return json(await authenticationOptions(signInRequest(ctx)));
});
