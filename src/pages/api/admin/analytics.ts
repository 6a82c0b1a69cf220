import { json } from '#src/http/answers';
import { route } from '#src/http/route';
import { readAnalyticsQuery } from '#src/http/analyticsQuery';
import { analyticsRows } from '#src/services/performance/performance';

export const prerender = false;

/**
 * `?trainerId=&from=&to=` (docs/product.md, Performance): the daily rows of the period (the last 30
 * days by default), one per training and day with a count, oldest first. 400 naming a bad date, 404
 * for a trainer the viewer cannot see or that does not exist.
 */
export const GET = route(async (ctx) => {
  const { scope, query } = await readAnalyticsQuery(ctx);
  const rows = await analyticsRows(scope, query);
  return json({ from: query.from, to: query.to, trainerId: query.trainerId, rows });
});
