import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { clientIp, requireSignedIn, requireStepUp } from '#src/http/guards';
import { listPasskeys, registerPasskey } from '#src/auth/passkeys';
import { PasskeyRegistrationSchema } from '#src/domain/team/passkeys';

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
