import { endpoint, json } from '../../../../../server/http';
import { requireAdmin } from '../../../../../auth/guard';
import { registrationOptions } from '../../../../../auth/passkeys';

export const prerender = false;

/** POST /api/admin/me/passkeys/options: options for navigator.credentials.create, with a fresh single-use challenge. */
export const POST = endpoint(async (ctx) => {
  const admin = await requireAdmin(ctx);
  return json(await registrationOptions(ctx, admin));
});
