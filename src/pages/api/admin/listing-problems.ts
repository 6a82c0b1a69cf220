import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { requireAdmin } from '#src/http/guards';
import { listOpenListingProblems, listRecentlyEndedReports } from '#src/services/trust/listingProblems';

export const prerender = false;

/** GET: the open listing problems (broken links, reports) and the reports ended last (docs/product.md, Trust). */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  return json({ problems: await listOpenListingProblems(), ended: await listRecentlyEndedReports() });
});
