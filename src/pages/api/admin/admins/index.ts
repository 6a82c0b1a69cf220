import { json } from '../../../../http/answers';
import { route } from '../../../../http/route';
import { requireRole } from '../../../../http/guards';
import { TEAM_ROLES } from '../../../../domain/roles';
import { listTeam } from '../../../../services/team';

export const prerender = false;

/** The team (docs/product.md, The team): owner only; `{admins: [{id, email, role, twoFactor, lastSignInAt}]}`. */
export const GET = route(async (ctx) => {
  await requireRole(ctx, ...TEAM_ROLES);
  return json({ admins: await listTeam() });
});
