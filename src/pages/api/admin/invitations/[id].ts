import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { route } from '#src/http/route';
import { TEAM_ROLES } from '#src/domain/team/roles';
import { revokeInvitation } from '#src/services/team/team';

export const prerender = false;

/** Withdraws an unused invitation: its link stops working (404 for an unknown or already used one). Stepped up. */
export const DELETE = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...TEAM_ROLES));
  const id = idParam(ctx);
  await revokeInvitation(actorOf(admin), id, clientIp(ctx));
  return json({ revoked: id });
});
