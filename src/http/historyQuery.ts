import type { APIContext } from 'astro';
import type { z } from 'zod';
import { requireAdmin } from './guards';
import { canReadSecurityLog } from '../domain/history/history';
import { HttpError, validationError } from './errors';

/**
 * The history's query, read the same way for the JSON pages and the CSV export: 401 without a
 * session, 400 naming the bad field, 403 when an editor asks for security events.
 */
export async function readHistoryQuery<S extends z.ZodType<{ kind: string }>>(
  ctx: APIContext,
  schema: S,
): Promise<z.output<S>> {
  const admin = await requireAdmin(ctx);
  const params: Record<string, string> = {};
  for (const [key, value] of ctx.url.searchParams) params[key] = value;
  const query = schema.safeParse(params);
  if (!query.success) throw validationError(query.error, 'Invalid query');
  if (query.data.kind !== 'records' && !canReadSecurityLog(admin.role))
    throw new HttpError(403, 'Your role may not read the security log');
  return query.data;
}
