import { json } from '#src/http/answers';
import { route } from '#src/http/route';
import { requireRole } from '#src/http/guards';
import { SITE_ROLES } from '#src/domain/team/roles';
import { listOpenPartnerInvitations } from '#src/services/team/partnerOverview';

export const prerender = false;

/** The open partner invitations with the profiles each names, newest first (owner and admins; docs/product.md, Partners). */
export const GET = route(async (ctx) => {
  await requireRole(ctx, ...SITE_ROLES);
  return json({ invitations: await listOpenPartnerInvitations() });
});
