import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { PasskeySignInSchema } from '#src/domain/team/passkeys';
import { clientIp, requireSignedIn } from '#src/http/guards';
import { stepUpWithPasskey } from '#src/auth/stepUpPasskey';

export const prerender = false;

/** POST /api/admin/me/step-up/passkey {response}: confirms it's the member with a passkey; `{steppedUpUntil}`, 400 if not accepted. */
export const POST = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  const { response } = await readJson(ctx, PasskeySignInSchema);
  const until = await stepUpWithPasskey(admin, response, clientIp(ctx));
  return json({ steppedUpUntil: until.toISOString() });
});
