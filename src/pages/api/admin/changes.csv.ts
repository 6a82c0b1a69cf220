import { route } from '#src/http/route';
import { ChangesExportSchema } from '#src/domain/history/history';
import { csvLine } from '#src/domain/csv';
import { HISTORY_CSV_HEADER, historyCsvCells, historyCsvFileName } from '#src/domain/history/historyCsv';
import { readHistoryQuery } from '#src/http/historyQuery';
import { exportChanges } from '#src/services/history';
import { requestLog } from '#src/log';

export const prerender = false;

/**
 * The history as CSV, with the JSON pages' filters (no paging): every matching entry, newest first,
 * streamed a batch at a time so a long history is never held in memory whole.
 */
export const GET = route(async (ctx) => {
  const filters = await readHistoryQuery(ctx, ChangesExportSchema);
  const encoder = new TextEncoder();
  const entries = exportChanges(filters);
  const log = requestLog(ctx.locals.requestId);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(HISTORY_CSV_HEADER)));
    },
    async pull(controller) {
      try {
        const next = await entries.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map((entry) => csvLine(historyCsvCells(entry))).join('')));
      } catch (error) {
        // The status line is sent: the download ends short, and the log says why.
        log.error({ err: error }, 'history export failed');
        controller.error(error);
      }
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${historyCsvFileName()}"`,
      'cache-control': 'no-store',
    },
  });
});
