import { idParam, readJson } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { route } from '#src/http/route';
import { SITE_ROLES } from '#src/domain/team/roles';
import { PartnerTrustSchema } from '#src/domain/team/partners';
import { removePartner, setPartnerTrusted } from '#src/services/team/partners';

export const prerender = false;

/** `{trusted}`: the owner only (docs/product.md, Partners), in the security log. Stepped up. */
export const PATCH = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, 'owner'));
  const { trusted } = await readJson(ctx, PartnerTrustSchema);
  return json(await setPartnerTrusted(actorOf(admin), idParam(ctx), trusted, clientIp(ctx)));
});

/** Removes the partner account and ends its sessions (owner and admins). Stepped up. */
export const DELETE = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...SITE_ROLES));
  const id = idParam(ctx);
  await removePartner(actorOf(admin), id, clientIp(ctx));
  return json({ deleted: id });
});
