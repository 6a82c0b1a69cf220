import { endpoint, json } from '../../../server/http';
import { requireAdmin } from '../../../auth/guard';
import { listOpenListingProblems, listRecentlyEndedReports } from '../../../services/listingProblems';

export const prerender = false;

/** GET: the open listing problems (broken links, reports) and the reports ended last (docs/product.md, Trust). */
export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  return json({ problems: await listOpenListingProblems(), ended: await listRecentlyEndedReports() });
});
