import { route } from '../../../../../http/route';
import { json } from '../../../../../http/answers';
import { readJson } from '../../../../../http/body';
import { clientIp, requireSignedIn, requireStepUp } from '../../../../../http/guards';
import { listPasskeys, registerPasskey } from '../../../../../auth/passkeys';
import { PasskeyRegistrationSchema } from '../../../../../domain/passkeys';

export const prerender = false;

/** GET /api/admin/me/passkeys: the signed-in member's passkeys, oldest first. */
export const GET = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  return json({ passkeys: await listPasskeys(admin) });
});

/** POST /api/admin/me/passkeys {name, response}: verifies the browser's new credential and keeps it (stepped up). */
export const POST = route(async (ctx) => {
  const admin = requireStepUp(await requireSignedIn(ctx));
  const { name, response } = await readJson(ctx, PasskeyRegistrationSchema);
  return json(await registerPasskey(clientIp(ctx), admin, name, response), 201);
});
