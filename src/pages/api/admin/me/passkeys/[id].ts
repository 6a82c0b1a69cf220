import type { APIContext } from 'astro';
import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { notFound } from '#src/http/errors';
import { readJson } from '#src/http/body';
import { clientIp, requireSignedIn, requireStepUp } from '#src/http/guards';
import { deletePasskey, renamePasskey } from '#src/auth/passkeys';
import { PasskeyRenameSchema } from '#src/domain/team/passkeys';

export const prerender = false;

/** A credential id is base64url; anything else names no passkey (404). */
function passkeyId(ctx: APIContext): string {
  const id = ctx.params.id;
  if (!id || id.length > 1400 || !/^[A-Za-z0-9_-]+$/.test(id)) throw notFound();
  return id;
}

/** PATCH /api/admin/me/passkeys/{id} {name}: renames one of the member's own passkeys. */
export const PATCH = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  const id = passkeyId(ctx);
  const { name } = await readJson(ctx, PasskeyRenameSchema);
  return json(await renamePasskey(admin, id, name));
});

/** DELETE /api/admin/me/passkeys/{id}: stepped up; 404 for an unknown passkey or someone else's. */
export const DELETE = route(async (ctx) => {
  const admin = requireStepUp(await requireSignedIn(ctx));
  await deletePasskey(clientIp(ctx), admin, passkeyId(ctx));
  return json({ deleted: true });
});
