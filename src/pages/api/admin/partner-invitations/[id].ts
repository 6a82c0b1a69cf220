import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { route } from '#src/http/route';
import { SITE_ROLES } from '#src/domain/team/roles';
import { withdrawPartnerInvitation } from '#src/services/team/partnerOverview';

export const prerender = false;

/** Withdraws an open partner invitation: its link stops working (owner and admins; 404 for any other id). Stepped up. */
export const DELETE = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...SITE_ROLES));
  const id = idParam(ctx);
  await withdrawPartnerInvitation(actorOf(admin), id, clientIp(ctx));
  return json({ withdrawn: id });
});
