import { json } from '../../../../http/answers';
import { route } from '../../../../http/route';
import { requireRole } from '../../../../http/guards';
import { SITE_ROLES } from '../../../../domain/roles';
import { isUuid } from '../../../../domain/fields';
import { listPartners } from '../../../../services/partners';

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
