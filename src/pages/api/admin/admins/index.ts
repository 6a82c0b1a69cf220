import { json } from '#src/http/answers';
import { route } from '#src/http/route';
import { requireRole } from '#src/http/guards';
import { TEAM_ROLES } from '#src/domain/team/roles';
import { listTeam } from '#src/services/team/team';

export const prerender = false;

/** The team (docs/product.md, The team): owner only; `{admins: [{id, email, role, twoFactor, lastSignInAt}]}`. */
export const GET = route(async (ctx) => {
  await requireRole(ctx, ...TEAM_ROLES);
  return json({ admins: await listTeam() });
});
