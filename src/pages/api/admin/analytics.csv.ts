import { route } from '#src/http/route';
import { readAnalyticsQuery } from '#src/http/analyticsQuery';
import { csvLine } from '#src/domain/csv';
import {
  PERFORMANCE_CSV_HEADER,
  performanceCsvCells,
  performanceCsvFileName,
} from '#src/domain/performance/performanceCsv';
import { analyticsRows } from '#src/services/performance/performance';

export const prerender = false;

/** The rows of `GET /api/admin/analytics` as CSV, with the same query and answers (the Performance page's download). */
export const GET = route(async (ctx) => {
  const { scope, query } = await readAnalyticsQuery(ctx);
  const rows = await analyticsRows(scope, query);
  const body = [PERFORMANCE_CSV_HEADER, ...rows.map(performanceCsvCells)].map((cells) => csvLine(cells)).join('');
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${performanceCsvFileName(query.from, query.to)}"`,
      'cache-control': 'no-store',
    },
  });
});
