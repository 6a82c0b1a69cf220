import { isFormat } from '../formats';
import { isStateCode } from '../states';
import { isDateRange } from './dateRanges';
import { CE_BODY_CODES, isProgramType, languageName } from '../trainingFacts/programFacts';

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
  /** Approving bodies, comma-separated in CE_BODIES order: approved by any of them. */
  ce: string;
  /** Program type: basic, advanced or other. */
  type: string;
  /** A primary language tag. */
  lang: string;
  /** Whole dollars: the total cost's maximum at most this. */
  priceMax: string;
  /** '1': only trainings whose full cost is disclosed. */
  disclosed: string;
  /** '1': "Seats available", not sold out, cancelled or postponed. */
  available: string;
  /** "I am a …" (ADR 0045): a license type or 'student'; keeps who may attend, then who states nothing. */
  license: string;
  /** 'none': "Show only trainings I can take now", without a Basic Training or certification first. */
  prereq: string;
  /** Near me (docs/product.md): a ZIP code or a position ('37.77,-122.42'). */
  near: string;
  /** Miles from `near`, 1–500; empty is the default, 50. */
  radius: string;
  /**
   * '1': a radius search also lists the virtual trainings, after the ones in range. The API's only:
   * the pages have no control for it, and the islands' JavaScript budget no room.
   */
  includeVirtual?: string;
}

export const EMPTY_FILTERS: TrainingFilters = {
  search: '',
  state: '',
  format: '',
  dateRange: '',
  ce: '',
  type: '',
  lang: '',
  priceMax: '',
  disclosed: '',
  available: '',
  license: '',
  prereq: '',
  near: '',
  radius: '',
};
/** The filters behind "More filters" (docs/product.md, Program facts). */
export const MORE_FILTER_KEYS = ['ce', 'type', 'lang', 'priceMax', 'disclosed', 'available', 'prereq'] as const;
/** Near me's controls, also behind "More filters"; `near` alone turns the radius search on. */
export const NEAR_KEYS = ['near', 'radius'] as const;
export const FILTER_KEYS = [
  'state',
  'format',
  'dateRange',
  'license',
  'search',
  ...MORE_FILTER_KEYS,
  ...NEAR_KEYS,
] as const;
export const SEARCH_MAX_LENGTH = 200;
/** The `prereq` filter's one value: "Show only trainings I can take now" (ADR 0045). */
export const CAN_TAKE_NOW = 'none';
export const PRICE_MAX_DIGITS = 8;

/**
 * Reads the filters from a URL query; the last value wins when a key repeats, except `ce`, whose
 * values add up (`ce=APA&ce=NBCC`, what the no-JavaScript form's checkboxes send, is `ce=APA,NBCC`).
 */
export function filtersFromQuery(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of [...FILTER_KEYS, 'includeVirtual'] as const) {
    const value = key === 'ce' ? (params.has('ce') ? params.getAll('ce').join(',') : null) : params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

/** The bodies named in a `ce` value, once each, in CE_BODIES order; unknown names are dropped. */
export function ceCodes(value: string): string[] {
  const named = new Set(value.split(',').map((code) => code.trim().toUpperCase()));
  return CE_BODY_CODES.filter((code) => named.has(code));
}

/** The "More filters" values a page URL may carry; unknown values are unset, as 'all' is. */
function moreFiltersFromUrl(
  value: (key: string) => string,
): Pick<TrainingFilters, (typeof MORE_FILTER_KEYS)[number] | (typeof NEAR_KEYS)[number]> {
  const type = value('type');
  const lang = value('lang').toLowerCase();
  const priceMax = value('priceMax');
  return {
    ce: ceCodes(value('ce')).join(','),
    type: isProgramType(type) ? type : '',
    lang: languageName(lang) ? lang : '',
    priceMax: new RegExp(`^\\d{1,${PRICE_MAX_DIGITS}}$`).test(priceMax) ? String(Number(priceMax)) : '',
    disclosed: value('disclosed') === '1' ? '1' : '',
    available: value('available') === '1' ? '1' : '',
    prereq: value('prereq') === CAN_TAKE_NOW ? CAN_TAKE_NOW : '',
    // Near me's values go to the API as given: it answers a bad one with a field error (budget).
    near: value('near').replace(/\s+/g, ''),
    radius: value('radius'),
  };
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

/** The badge counts every filter but search (docs/product.md): CE bodies count as one. */
export function activeFilterCount(filters: TrainingFilters): number {
  const keys = ['state', 'format', 'dateRange', 'license', ...MORE_FILTER_KEYS, 'near'] as const;
  return keys.filter((key) => filters[key]).length;
}

export function anyMoreFilter(filters: TrainingFilters): boolean {
  return [...MORE_FILTER_KEYS, 'near' as const].some((key) => filters[key] !== '');
}

/** Filters from a page URL for the island: unknown values are unset, as 'all' is (docs/product.md). */
export function filtersFromUrl(search: string): TrainingFilters {
  const params = new URLSearchParams(search);
  const value = (key: string) => (key === 'ce' ? params.getAll('ce').join(',') : (params.get(key)?.trim() ?? ''));
  const state = value('state').toUpperCase();
  const format = value('format');
  const dateRange = value('dateRange');
  return {
    state: isStateCode(state) ? state : '',
    format: isFormat(format) ? format : '',
    dateRange: isDateRange(dateRange) ? dateRange : '',
    // Passed to the API as given, as `near` is: it answers an unknown one with a field error (budget).
    // 'all' is the no-JavaScript form's "Any profession".
    license: value('license') === 'all' ? '' : value('license'),
    search: value('search').slice(0, SEARCH_MAX_LENGTH),
    ...moreFiltersFromUrl(value),
  };
}

export function sameFilters(a: TrainingFilters, b: TrainingFilters): boolean {
  return FILTER_KEYS.every((key) => a[key] === b[key]);
}
