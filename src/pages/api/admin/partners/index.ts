import { json } from '#src/http/answers';
import { route } from '#src/http/route';
import { requireRole } from '#src/http/guards';
import { SITE_ROLES } from '#src/domain/team/roles';
import { isUuid } from '#src/domain/fields';
import { listPartners } from '#src/services/team/partners';

export const prerender = false;

/**
 * `GET /api/admin/partners[?trainerId=]` (owner and admins; docs/product.md, Partners): every partner
 * account with the trainer profiles it keeps, or only those keeping one trainer (the trainer page).
 */
export const GET = route(async (ctx) => {
  await requireRole(ctx, ...SITE_ROLES);
  const trainerId = ctx.url.searchParams.get('trainerId');
  if (trainerId !== null && !isUuid(trainerId)) return json({ partners: [] });
  return json({ partners: await listPartners(trainerId) });
});
