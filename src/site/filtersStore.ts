import { atom } from 'nanostores';
import {
  EMPTY_FILTERS,
  filtersFromUrl,
  filtersToQuery,
  sameFilters,
  type TrainingFilters,
} from '../domain/filterQuery';

/**
 * The home filters shared by the hero's state picker and the filter bar (issue 4). The URL query is
 * the source of truth between page loads: every change is pushed to history so a link reproduces
 * the view, and Back/Forward bring the filters back.
 */
export const $filters = atom<TrainingFilters>(EMPTY_FILTERS);

let syncing = false;

/** Called once by the first island that needs the filters. */
export function startUrlSync(): void {
  if (syncing || typeof window === 'undefined') return;
  syncing = true;
  $filters.set(filtersFromUrl(window.location.search));
  window.addEventListener('popstate', () => $filters.set(filtersFromUrl(window.location.search)));
}

export function setFilters(patch: Partial<TrainingFilters>): void {
  const next = { ...$filters.get(), ...patch };
  if (sameFilters(next, $filters.get())) return;
  $filters.set(next);
  const query = filtersToQuery(next);
  const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
  window.history.pushState(null, '', url);
}
