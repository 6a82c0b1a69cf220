import { atom, computed } from 'nanostores';
import { EMPTY_FILTERS, sameFilters, type TrainingFilters } from '../domain/listing/filterQuery';
import {
  DEFAULT_SORT,
  PAGE_SIZE,
  viewFromUrl,
  viewToQuery,
  type ListingView,
  type SortKey,
} from '../domain/listing/listingView';

/**
 * The list's view (filters, order, page) shared by the hero's state picker and the list island.
 * The URL query is the source of truth between page loads: every change is pushed to history so a
 * link reproduces the view, and Back/Forward bring it back. A state page fixes its state in the
 * path; choosing another state there leaves for the home page with that choice.
 */
export const $view = atom<ListingView>({ filters: EMPTY_FILTERS, sort: DEFAULT_SORT, page: 1, limit: PAGE_SIZE });
export const $filters = computed($view, (view) => view.filters);

let syncing = false;
let fixed: Partial<TrainingFilters> = {};

/** Called by every island that needs the view; the first call wins. */
export function startUrlSync(pageFixed: Partial<TrainingFilters> = {}): void {
  if (syncing || typeof window === 'undefined') return;
  syncing = true;
  fixed = pageFixed;
  $view.set(viewFromUrl(window.location.search, fixed));
  window.addEventListener('popstate', () => $view.set(viewFromUrl(window.location.search, fixed)));
}

function go(next: ListingView, replace = false): void {
  const current = $view.get();
  if (
    sameFilters(next.filters, current.filters) &&
    next.sort === current.sort &&
    next.page === current.page &&
    next.limit === current.limit
  )
    return;
  const query = viewToQuery(next, fixed);
  if (fixed.state && next.filters.state !== fixed.state) {
    window.location.assign(`/${viewToQuery(next) ? `?${viewToQuery(next)}` : ''}#trainings`);
    return;
  }
  $view.set(next);
  const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
}

/** A filter change goes back to the first page. */
export function setFilters(patch: Partial<TrainingFilters>): void {
  const view = $view.get();
  go({ ...view, filters: { ...view.filters, ...patch }, page: 1 });
}

export function setSort(sort: SortKey): void {
  go({ ...$view.get(), sort, page: 1 });
}

export function setPage(page: number): void {
  go({ ...$view.get(), page });
}

/** The server showed another page than the one asked for (past the end): the URL says so too. */
export function correctPage(page: number): void {
  go({ ...$view.get(), page }, true);
}
