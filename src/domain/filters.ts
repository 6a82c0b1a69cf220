import { z } from 'zod';
import { FORMATS, formatMatches } from './formats';
import { STATE_CODES } from './states';
import { DATE_RANGES } from './dateRanges';
import { SEARCH_MAX_LENGTH, type TrainingFilters } from './filterQuery';

export * from './filterQuery';

const orEmpty = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.enum(values), z.literal('')], { error: message }).default('');

/** The query of `GET /api/trainings`: empty means unset, anything else invalid is a 400 (issue 2). */
export const TrainingFiltersSchema = z.object({
  state: orEmpty(STATE_CODES as [string, ...string[]], 'Unknown state code'),
  format: orEmpty(FORMATS, 'Format must be In-Person, Virtual or Hybrid'),
  dateRange: orEmpty(
    DATE_RANGES.map((r) => r.value) as [string, ...string[]],
    'Date range must be next-month, next-3-months or next-6-months',
  ),
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: `Search must be at most ${SEARCH_MAX_LENGTH} characters` })
    .default(''),
});

/** The fields the public search looks in (issue 2): title, description, location, venue, trainer name. */
export function searchableText(t: {
  title: string;
  description: string;
  location: string;
  venue: string | null;
  trainer: { name: string } | null;
}): string {
  return [t.title, t.description, t.location, t.venue ?? '', t.trainer?.name ?? ''].join('\n').toLowerCase();
}

/**
 * The public list's rule (src/server/publicListing.ts applies it to the published rows in memory):
 * not ended, and every filter that is set. `haystack` is searchableText(t), computed once per row.
 */
export function matchesFilters(
  t: { state: string | null; format: string; startDate: Date; endDate: Date },
  haystack: string,
  filters: TrainingFilters,
  now: Date,
  window: { from: Date; to: Date } | null,
): boolean {
  if (t.endDate.getTime() < now.getTime()) return false;
  if (filters.state && t.state !== filters.state) return false;
  if (filters.format && !formatMatches(t.format, filters.format)) return false;
  if (window && (t.startDate < window.from || t.startDate >= window.to)) return false;
  if (filters.search && !haystack.includes(filters.search.toLowerCase())) return false;
  return true;
}
