import { route } from '../../../http/route';
import { json } from '../../../http/answers';
import { requireAdmin } from '../../../http/guards';
import { listOpenListingProblems, listRecentlyEndedReports } from '../../../services/listingProblems';

export const prerender = false;

/** GET: the open listing problems (broken links, reports) and the reports ended last (docs/product.md, Trust). */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  return json({ problems: await listOpenListingProblems(), ended: await listRecentlyEndedReports() });
});
