import { idParam, json } from '../../../../server/http';
import { actorOf, edge } from '../../../../server/edge';
import { clientIp, requireRole } from '../../../../auth/guard';
import { requireStepUp } from '../../../../auth/stepUp';
import { TEAM_ROLES } from '../../../../domain/roles';
import { revokeInvitation } from '../../../../services/team';

export const prerender = false;

/** Withdraws an unused invitation: its link stops working (404 for an unknown or already used one). Stepped up. */
export const DELETE = edge(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...TEAM_ROLES));
  const id = idParam(ctx);
  await revokeInvitation(actorOf(admin), id, clientIp(ctx));
  return json({ revoked: id });
});
