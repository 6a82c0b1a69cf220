import { isFormat } from '../formats';
import { languageName } from '../trainingFacts/programFacts';
import { PAGE_SIZE, MAX_LIMIT, MAX_PAGE } from '../listing/listingView';
import { PRICE_MAX_DIGITS } from '../listing/filterQuery';
import { isConsultantLevel, isGoal, isOfferingKind } from './consultationFacts';

/**
 * The filters of /consultation and `GET /api/consultations` and their URL form (docs/product.md,
 * Consultation), zod-free like the trainings' (listing/filterQuery.ts): the page's island may read
 * it. All strings, empty meaning unset. Weekday and time of day are read on the visitor's clock:
 * `tz` is the visitor's zone (the island sends the browser's; without it, Eastern Time).
 */
export interface OfferingFilters {
  /** What the hours count toward: basic, certification or cit. */
  toward: string;
  /** group, individual or package. */
  kind: string;
  format: string;
  lang: string;
  /** Weekdays, comma-separated in WEEKDAYS order ('tue,thu'): the next session falls on one of them. */
  day: string;
  /** morning, afternoon or evening: when the next session starts. */
  time: string;
  /** The visitor's IANA zone, for `day` and `time`. */
  tz: string;
  /** Whole dollars: the price of an hour (derived) at most this. */
  priceMax: string;
  /** '1': open or forming, with a seat left (a waitlist still takes names). */
  seats: string;
  /** approved or cit: the consultant level the offering claims. */
  level: string;
  /** Near a ZIP code or a position, as the trainings' Near me (src/domain/nearMe/nearby.ts). */
  near: string;
  radius: string;
  /** A training's id: the offerings its provider designates (a Basic Training's page). */
  training: string;
  /** '1': a radius search also lists the online offerings, after the ones in range (the API's only). */
  includeVirtual?: string;
}

export const WEEKDAYS = [
  { value: 'mon', label: 'Monday' },
  { value: 'tue', label: 'Tuesday' },
  { value: 'wed', label: 'Wednesday' },
  { value: 'thu', label: 'Thursday' },
  { value: 'fri', label: 'Friday' },
  { value: 'sat', label: 'Saturday' },
  { value: 'sun', label: 'Sunday' },
] as const;
export const WEEKDAY_VALUES = WEEKDAYS.map((d) => d.value);

/** Times of day by the start's minutes after midnight on the visitor's clock. */
export const TIMES_OF_DAY = [
  { value: 'morning', label: 'Morning (before noon)', from: 0, to: 12 * 60 },
  { value: 'afternoon', label: 'Afternoon (noon to 5 PM)', from: 12 * 60, to: 17 * 60 },
  { value: 'evening', label: 'Evening (from 5 PM)', from: 17 * 60, to: 24 * 60 },
] as const;

export const OFFERING_FILTER_KEYS = [
  'toward',
  'kind',
  'format',
  'lang',
  'day',
  'time',
  'tz',
  'priceMax',
  'seats',
  'level',
  'near',
  'radius',
  'training',
] as const satisfies readonly (keyof OfferingFilters)[];

export const EMPTY_OFFERING_FILTERS: OfferingFilters = Object.fromEntries(
  OFFERING_FILTER_KEYS.map((key) => [key, '']),
) as unknown as OfferingFilters;

export const OFFERING_SORTS = [
  { value: 'soonest', label: 'Next session first' },
  { value: 'price-asc', label: 'Price per hour: low to high' },
] as const;
export type OfferingSort = (typeof OFFERING_SORTS)[number]['value'] | 'distance';
export const DEFAULT_OFFERING_SORT: OfferingSort = 'soonest';
export const isOfferingSort = (v: string): v is OfferingSort =>
  v === 'distance' || OFFERING_SORTS.some((s) => s.value === v);

export interface OfferingView {
  filters: OfferingFilters;
  sort: OfferingSort;
  page: number;
  limit: number;
}

/** Weekdays named in a `day` value, once each, in WEEKDAYS order; unknown names are dropped. */
export function dayCodes(value: string): string[] {
  const named = new Set(value.split(',').map((d) => d.trim().toLowerCase()));
  return WEEKDAY_VALUES.filter((d) => named.has(d));
}

/**
 * The raw query of `GET /api/consultations` for the schema (offeringFiltersSchema.ts), paging and
 * order included: the last value wins, except `day`, whose values add up (`day=tue&day=thu`, what
 * the form's checkboxes send). An empty page, limit or order is unset.
 */
export function offeringQueryFromParams(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of ['page', 'limit', 'sort'] as const) if (params.get(key)) raw[key] = params.get(key)!;
  for (const key of [...OFFERING_FILTER_KEYS, 'includeVirtual'] as const) {
    const value = key === 'day' ? (params.has('day') ? params.getAll('day').join(',') : null) : params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

const positive = (value: string | null, max: number): number | null =>
  value && /^\d{1,6}$/.test(value.trim()) && +value >= 1 && +value <= max ? +value : null;

/** The view a page URL asks for: unknown values are unset, as 'all' is for the trainings' filters. */
export function offeringViewFromUrl(search: string): OfferingView {
  const params = new URLSearchParams(search);
  const value = (key: string) => (key === 'day' ? params.getAll('day').join(',') : (params.get(key)?.trim() ?? ''));
  const pick = (key: string, ok: (v: string) => boolean) => (ok(value(key)) ? value(key) : '');
  const priceMax = value('priceMax');
  const sort = value('sort');
  return {
    filters: {
      toward: pick('toward', isGoal),
      kind: pick('kind', isOfferingKind),
      format: pick('format', isFormat),
      lang: languageName(value('lang').toLowerCase()) ? value('lang').toLowerCase() : '',
      day: dayCodes(value('day')).join(','),
      time: pick('time', (v) => TIMES_OF_DAY.some((t) => t.value === v)),
      // The zone and Near me go to the API as given: it answers a bad one with a field error.
      tz: value('tz'),
      priceMax: new RegExp(`^\\d{1,${PRICE_MAX_DIGITS}}$`).test(priceMax) ? String(Number(priceMax)) : '',
      seats: value('seats') === '1' ? '1' : '',
      level: pick('level', isConsultantLevel),
      near: value('near').replace(/\s+/g, ''),
      radius: value('radius'),
      training: value('training'),
    },
    sort: isOfferingSort(sort) ? sort : DEFAULT_OFFERING_SORT,
    page: positive(params.get('page'), MAX_PAGE) ?? 1,
    limit: positive(params.get('limit'), MAX_LIMIT) ?? PAGE_SIZE,
  };
}

/** The query string of a view: the filters set, in a stable order, and the defaults left out. */
export function offeringViewToQuery(view: OfferingView): string {
  const params = new URLSearchParams();
  for (const key of OFFERING_FILTER_KEYS) {
    const value = view.filters[key].trim();
    if (value) params.set(key, value);
  }
  // Nearest first means nothing once `near` is cleared.
  if (view.sort !== DEFAULT_OFFERING_SORT && (view.sort !== 'distance' || view.filters.near))
    params.set('sort', view.sort);
  if (view.limit !== PAGE_SIZE) params.set('limit', String(view.limit));
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** The active-filter badge: every filter set but the zone, which only reads the others. */
export function activeOfferingFilterCount(filters: OfferingFilters): number {
  return OFFERING_FILTER_KEYS.filter((key) => key !== 'tz' && key !== 'radius' && filters[key] !== '').length;
}
