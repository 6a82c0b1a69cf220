import { idParam, readJson } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { route } from '#src/http/route';
import { SITE_ROLES } from '#src/domain/team/roles';
import { PartnerTrainersSchema } from '#src/domain/team/partners';
import { setPartnerTrainers } from '#src/services/team/partners';

export const prerender = false;

/**
 * `{trainerIds}`: the whole set of profiles the partner keeps (owner and admins; docs/product.md,
 * Partners). 400 on the field for a trainer that does not exist; none left ends their sessions. Stepped up.
 */
export const PUT = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...SITE_ROLES));
  const { trainerIds } = await readJson(ctx, PartnerTrainersSchema);
  return json(await setPartnerTrainers(actorOf(admin), idParam(ctx), trainerIds, clientIp(ctx)));
});
