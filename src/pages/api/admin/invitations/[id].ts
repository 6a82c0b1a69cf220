import { idParam } from '../../../../http/body';
import { json } from '../../../../http/answers';
import { actorOf } from '../../../../domain/actor';
import { clientIp, requireRole, requireStepUp } from '../../../../http/guards';
import { route } from '../../../../http/route';
import { TEAM_ROLES } from '../../../../domain/roles';
import { revokeInvitation } from '../../../../services/team';

export const prerender = false;

/** Withdraws an unused invitation: its link stops working (404 for an unknown or already used one). Stepped up. */
export const DELETE = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...TEAM_ROLES));
  const id = idParam(ctx);
  await revokeInvitation(actorOf(admin), id, clientIp(ctx));
  return json({ revoked: id });
});
