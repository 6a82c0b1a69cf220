import { FILTER_KEYS, filtersFromUrl, type TrainingFilters } from './filterQuery';

/**
 * What a list page shows besides its filters: the order, the page and the page size, all in the
 * URL so a link, a reload and Back reproduce the view. Zod-free: the public islands import it.
 */
export const SORTS = [
  { value: 'soonest', label: 'Soonest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Recently added' },
] as const;
/** Nearest first: only with a `near` filter (docs/product.md, Near me), so not in every sort menu. */
export const DISTANCE_SORT = { value: 'distance', label: 'Nearest first' } as const;
export type SortKey = (typeof SORTS)[number]['value'] | typeof DISTANCE_SORT.value;
export const DEFAULT_SORT: SortKey = 'soonest';

/** 24 cards fill 8 rows of 3, 12 of 2; a page of cards stays well under the API's byte budget. */
export const PAGE_SIZE = 24;
export const MAX_LIMIT = 100;
/** Pages past this are refused: no listing comes near it, and it keeps the number parse bounded. */
export const MAX_PAGE = 100_000;

export function isSortKey(value: string): value is SortKey {
  return value === DISTANCE_SORT.value || SORTS.some((s) => s.value === value);
}

export interface ListingView {
  filters: TrainingFilters;
  sort: SortKey;
  page: number;
  limit: number;
}

const positive = (value: string | null, max: number): number | null => {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : null;
};

/**
 * The view a page URL asks for; unknown values fall back to the defaults, as 'all' does for a
 * filter. `fixed` are filters the page itself sets (a state page's state).
 */
export function viewFromUrl(search: string, fixed: Partial<TrainingFilters> = {}): ListingView {
  const params = new URLSearchParams(search);
  const sort = params.get('sort') ?? '';
  return {
    filters: { ...filtersFromUrl(search), ...fixed },
    sort: isSortKey(sort) ? sort : DEFAULT_SORT,
    page: positive(params.get('page'), MAX_PAGE) ?? 1,
    limit: positive(params.get('limit'), MAX_LIMIT) ?? PAGE_SIZE,
  };
}

/** The query string of a view, defaults left out; filters in `fixed` are implied by the path. */
export function viewToQuery(view: ListingView, fixed: Partial<TrainingFilters> = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = view.filters[key].trim();
    if (value && fixed[key] !== value) params.set(key, value);
  }
  // Nearest first means nothing once `near` is cleared: the order falls back to the default.
  if (view.sort !== DEFAULT_SORT && (view.sort !== DISTANCE_SORT.value || view.filters.near))
    params.set('sort', view.sort);
  if (view.limit !== PAGE_SIZE) params.set('limit', String(view.limit));
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

/** The island's request: one page of card projections with the counts per filter option. */
export function listingApiQuery(view: ListingView): string {
  const params = new URLSearchParams(viewToQuery({ ...view, page: 1 }));
  params.set('page', String(view.page));
  params.set('limit', String(view.limit));
  params.set('fields', 'card');
  params.set('counts', '1');
  return params.toString();
}

/**
 * The page numbers a pager shows: first, last, and the current one with a neighbour on each side;
 * `null` stands for the gap between them.
 */
export function pagerItems(page: number, pageCount: number): (number | null)[] {
  const wanted = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const n of wanted) {
    const last = items.at(-1);
    if (typeof last === 'number' && n - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) items.push(null);
    items.push(n);
  }
  return items;
}

/** The listing pages' alert form's id; its email field is `${id}-email`, where the empty result's link leads. */
export const ALERT_FORM_ID = 'alert';
