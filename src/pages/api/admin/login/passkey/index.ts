import { endpoint, HttpError, readJson } from '../../../../../server/http';
import { requireSameOrigin } from '../../../../../auth/guard';
import { checkPasskey } from '../../../../../auth/passkeySignIn';
import { completeLogin } from '../../../../../auth/pendingLogin';
import { PasskeySignInSchema } from '../../../../../domain/passkeys';

export const prerender = false;

/**
 * POST /api/admin/login/passkey {response}: signs in with a passkey, as the second factor of a
 * pending password step or without a password. Answers like the password login; 401 for an
 * assertion that is not accepted, 429 when throttled.
 */
export const POST = endpoint(async (ctx) => {
  requireSameOrigin(ctx);
  const { response } = await readJson(ctx, PasskeySignInSchema);
  const outcome = await checkPasskey(ctx, response);
  if (!outcome.ok && outcome.reason === 'throttled') {
    throw new HttpError(429, 'Too many attempts. Try again later.', undefined, {
      'retry-after': String(outcome.retryAfter),
    });
  }
  if (!outcome.ok) throw new HttpError(401, 'The passkey was not accepted');
  return completeLogin(ctx, outcome.adminId, 'passkey');
});
