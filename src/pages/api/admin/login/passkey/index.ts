import { route } from '#src/http/route';
import { HttpError } from '#src/http/errors';
import { readJson } from '#src/http/body';
import { requireSameOrigin } from '#src/http/guards';
import { checkPasskey } from '#src/auth/passkeySignIn';
import { signInRequest, signedInResponse } from '#src/http/signIn';
import { finishLogin } from '#src/auth/pendingLogin';
import { PasskeySignInSchema } from '#src/domain/team/passkeys';

export const prerender = false;

/**
 * POST /api/admin/login/passkey {response}: signs in with a passkey, as the second factor of a
 * pending password step or without a password. Answers like the password login; 401 for an
 * assertion that is not accepted, 429 when throttled.
 */
export const POST = route(async (ctx) => {
  requireSameOrigin(ctx);
  const { response } = await readJson(ctx, PasskeySignInSchema);
  const outcome = await checkPasskey(signInRequest(ctx), response);
  if (!outcome.ok && outcome.reason === 'throttled') {
    throw new HttpError(429, 'Too many attempts. Try again later.', undefined, {
      'retry-after': String(outcome.retryAfter),
    });
  }
  if (!outcome.ok) throw new HttpError(401, 'The passkey was not accepted');
  return signedInResponse(await finishLogin(signInRequest(ctx), outcome.adminId, 'passkey'));
});
