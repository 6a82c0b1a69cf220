import { idParam, readJson } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { route } from '#src/http/route';
import { TEAM_ROLES } from '#src/domain/team/roles';
import { RoleChangeSchema } from '#src/domain/team/team';
import { changeRole, removeMember } from '#src/services/team/team';

export const prerender = false;

/** `{role}`; 'owner' hands ownership over. The owner's own role cannot be lowered (400). Stepped up. */
export const PATCH = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...TEAM_ROLES));
  const { role } = await readJson(ctx, RoleChangeSchema);
  return json(await changeRole(actorOf(admin), idParam(ctx), role, clientIp(ctx)));
});

/** Removes a member and ends their sessions; the owner cannot be removed (400). Stepped up. */
export const DELETE = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...TEAM_ROLES));
  const id = idParam(ctx);
  await removeMember(actorOf(admin), id, clientIp(ctx));
  return json({ deleted: id });
});
