import { z } from 'zod';
import { FORMATS } from './formats';
import { STATE_CODES } from './states';
import { DATE_RANGES } from './dateRanges';

/** Home filters (SPEC §3): all strings, empty meaning unset. */
export interface TrainingFilters {
  search: string;
  state: string;
  format: string;
  dateRange: string;
}

export const EMPTY_FILTERS: TrainingFilters = { search: '', state: '', format: '', dateRange: '' };
export const FILTER_KEYS = ['state', 'format', 'dateRange', 'search'] as const;
export const SEARCH_MAX_LENGTH = 200;

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

/** Reads the filters from a URL query; the last value wins when a key repeats. */
export function filtersFromQuery(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

/** Only the filters that are set, in a stable order (SPEC §7: "only those set"). */
export function filtersToQuery(filters: TrainingFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The badge counts state, format and dateRange only, not search (SPEC §5). */
export function activeFilterCount(filters: TrainingFilters): number {
  return [filters.state, filters.format, filters.dateRange].filter(Boolean).length;
}

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
 * The public list's rule in memory (the same as the SQL of src/data/trainings.ts listPublished):
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
  if (filters.format && t.format !== filters.format && !(t.format === 'Hybrid' && filters.format !== 'Hybrid'))
    return false;
  if (window && (t.startDate < window.from || t.startDate >= window.to)) return false;
  if (filters.search && !haystack.includes(filters.search.toLowerCase())) return false;
  return true;
}
