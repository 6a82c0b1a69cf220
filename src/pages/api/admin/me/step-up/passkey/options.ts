import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { requireSignedIn } from '#src/http/guards';
import { stepUpOptions } from '#src/auth/stepUpPasskey';

export const prerender = false;

/** POST /api/admin/me/step-up/passkey/options: options for navigator.credentials.get with the member's passkeys (409 with none). */
export const POST = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  return json(await stepUpOptions(admin));
});
