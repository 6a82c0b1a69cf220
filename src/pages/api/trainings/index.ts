import { endpoint, json, validationError } from '../../../server/http';
import { TrainingFiltersSchema, filtersFromQuery } from '../../../domain/filters';
import * as trainings from '../../../data/trainings';

export const prerender = false;

/** Public list (SPEC §7): published trainings that have not ended, soonest first, filtered. */
export const GET = endpoint(async (ctx) => {
  const parsed = TrainingFiltersSchema.safeParse(filtersFromQuery(ctx.url.searchParams));
  if (!parsed.success) throw validationError(parsed.error, 'Invalid filter');
  return json(await trainings.listPublished(parsed.data));
});
