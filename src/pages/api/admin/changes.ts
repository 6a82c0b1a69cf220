import { json, validationError } from '../../../server/http';
import { edge } from '../../../server/edge';
import { requireAdmin } from '../../../auth/guard';
import { ChangesQuerySchema } from '../../../domain/history';
import { listChanges } from '../../../services/history';

export const prerender = false;

/**
 * The history of admin changes, newest first: `page`, `limit` (at most 100), and optionally
 * `entityType` and `entityId`; the number of matching entries is in `X-Total-Count`.
 */
export const GET = edge(async (ctx) => {
  await requireAdmin(ctx);
  const params: Record<string, string> = {};
  for (const [key, value] of ctx.url.searchParams) params[key] = value;
  const query = ChangesQuerySchema.safeParse(params);
  if (!query.success) throw validationError(query.error, 'Invalid query');
  const { entries, total } = await listChanges(query.data);
  return json(entries, 200, { 'x-total-count': String(total) });
});
