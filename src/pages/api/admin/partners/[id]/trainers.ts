import { idParam, readJson } from '../../../../../http/body';
import { json } from '../../../../../http/answers';
import { actorOf } from '../../../../../domain/actor';
import { clientIp, requireRole, requireStepUp } from '../../../../../http/guards';
import { route } from '../../../../../http/route';
import { SITE_ROLES } from '../../../../../domain/roles';
import { PartnerTrainersSchema } from '../../../../../domain/partners';
import { setPartnerTrainers } from '../../../../../services/partners';

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
