import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { requireSignedIn, requireStepUp } from '#src/http/guards';
import { registrationOptions } from '#src/auth/passkeys';

export const prerender = false;

/**
 * POST /api/admin/me/passkeys/options: options for navigator.credentials.create, with a fresh
 * single-use challenge. A new passkey is a new way in: stepped-up sessions only (docs/security.md).
 */
export const POST = route(async (ctx) => {
  const admin = requireStepUp(await requireSignedIn(ctx));
  return json(await registrationOptions(admin));
});
