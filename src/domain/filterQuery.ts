import { isFormat } from './formats';
import { isStateCode } from './states';
import { isDateRange } from './dateRanges';

/**
 * The home filters and their URL form, without zod: the public islands import this module and
 * their JavaScript budget has no room for a schema library. The API validates with
 * TrainingFiltersSchema (filters.ts); the island drops values it does not know.
 *
 * Home filters (docs/product.md): all strings, empty meaning unset.
 */
export interface TrainingFilters {
  search: string;
  state: string;
  format: string;
  dateRange: string;
}

export const EMPTY_FILTERS: TrainingFilters = { search: '', state: '', format: '', dateRange: '' };
export const FILTER_KEYS = ['state', 'format', 'dateRange', 'search'] as const;
export const SEARCH_MAX_LENGTH = 200;

/** Reads the filters from a URL query; the last value wins when a key repeats. */
export function filtersFromQuery(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

/** Only the filters that are set, in a stable order (docs/product.md). */
export function filtersToQuery(filters: TrainingFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The badge counts state, format and dateRange only, not search (docs/product.md). */
export function activeFilterCount(filters: TrainingFilters): number {
  return [filters.state, filters.format, filters.dateRange].filter(Boolean).length;
}

/** Filters from a page URL for the island: unknown values are unset, as 'all' is (docs/product.md). */
export function filtersFromUrl(search: string): TrainingFilters {
  const params = new URLSearchParams(search);
  const value = (key: string) => params.get(key)?.trim() ?? '';
  const state = value('state').toUpperCase();
  const format = value('format');
  const dateRange = value('dateRange');
  return {
    state: isStateCode(state) ? state : '',
    format: isFormat(format) ? format : '',
    dateRange: isDateRange(dateRange) ? dateRange : '',
    search: value('search').slice(0, SEARCH_MAX_LENGTH),
  };
}

export function sameFilters(a: TrainingFilters, b: TrainingFilters): boolean {
  return FILTER_KEYS.every((key) => a[key] === b[key]);
}
