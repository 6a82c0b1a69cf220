import { json } from '#src/http/answers';
import { validationError } from '#src/http/errors';
import { requireAdmin } from '#src/http/guards';
import { route } from '#src/http/route';
import { ADMIN_PAGE_SIZE, PAGE_HEADERS } from '#src/domain/adminList';
import { ReviewQueueQuerySchema } from '#src/domain/review/review';
import { listQueue } from '#src/services/review/reviews';
import { listOpenListingProblems } from '#src/services/trust/listingProblems';

export const prerender = false;

/**
 * GET: the review queue for the team (docs/product.md, Review queue): pending submissions, oldest
 * first, one page of 50 (`?page=`), and the open listing problems (broken links, reports) beside them.
 */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  const parsed = ReviewQueueQuerySchema.safeParse(Object.fromEntries(ctx.url.searchParams));
  if (!parsed.success) throw validationError(parsed.error, 'Invalid list query');
  const page = await listQueue(parsed.data.page);
  const body = {
    submissions: page.rows,
    total: page.total,
    page: page.page,
    problems: await listOpenListingProblems(),
  };
  return json(body, 200, {
    [PAGE_HEADERS.total]: String(page.total),
    [PAGE_HEADERS.page]: String(page.page),
    [PAGE_HEADERS.pageSize]: String(ADMIN_PAGE_SIZE),
  });
});
