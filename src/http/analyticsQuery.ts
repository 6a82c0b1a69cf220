import type { APIContext } from 'astro';
import { requireRole } from './guards';
import {
  analyticsQuerySchema,
  PERFORMANCE_READERS,
  utcDay,
  type AnalyticsQuery,
} from '../domain/performance/performance';
import { trainerScopeOf, type TrainerScope } from '../services/trainerScope';
import { validationError } from './errors';

/**
 * The analytics query, read the same way for the JSON rows and the CSV: 401 without a session, 403
 * for a role that does not read the figures (an editor), 400 naming the bad field; and the viewer's trainer
 * scope, which the use case reads within.
 */
export async function readAnalyticsQuery(ctx: APIContext): Promise<{ scope: TrainerScope; query: AnalyticsQuery }> {
  const viewer = await requireRole(ctx, ...PERFORMANCE_READERS);
  const params: Record<string, string> = {};
  for (const [key, value] of ctx.url.searchParams) params[key] = value;
  const query = analyticsQuerySchema(utcDay(Date.now())).safeParse(params);
  if (!query.success) throw validationError(query.error, 'Invalid query');
  return { scope: await trainerScopeOf(viewer), query: query.data };
}
