import { json } from '../../../../server/http';
import { edge } from '../../../../server/edge';
import { requireRole } from '../../../../auth/guard';
import { TEAM_ROLES } from '../../../../domain/roles';
import { listTeam } from '../../../../services/team';

export const prerender = false;

/** The team (docs/product.md, The team): owner only; `{admins: [{id, email, role, twoFactor, lastSignInAt}]}`. */
export const GET = edge(async (ctx) => {
  await requireRole(ctx, ...TEAM_ROLES);
  return json({ admins: await listTeam() });
});
