import { json } from '#src/http/answers';
import { route } from '#src/http/route';
import { ChangesQuerySchema } from '#src/domain/history/history';
import { readHistoryQuery } from '#src/http/historyQuery';
import { listChanges } from '#src/services/history';

export const prerender = false;

/**
 * The history, newest first: `page`, `limit` (at most 100), and optionally `entityType`, `entityId`,
 * `kind` (records, the default; security; all), `type` and `actor`; the number of matching entries
 * is in `X-Total-Count`. Security events are for the owner and admins (README.md).
 */
export const GET = route(async (ctx) => {
  const query = await readHistoryQuery(ctx, ChangesQuerySchema);
  const { entries, total } = await listChanges(query);
  return json(entries, 200, { 'x-total-count': String(total) });
});
