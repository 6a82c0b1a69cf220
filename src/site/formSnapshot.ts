import { FILTER_KEYS, type TrainingFilters } from '../domain/filterQuery';
import { isSortKey, type ListingView, type SortKey } from '../domain/listingView';
import { fromOption } from './islands/FilterSelect';

const CONTROL_IDS: Record<keyof TrainingFilters | 'sort', string> = {
  search: 'training-search',
  state: 'filter-state',
  format: 'filter-format',
  dateRange: 'filter-date',
  sort: 'filter-sort',
};

export interface FormSnapshot {
  /** Dropdowns a person changed before the island took over: applied once it has. */
  changed: Partial<TrainingFilters>;
  sort: SortKey | null;
  /** The search box's text, typed or not; applied only when submitted. */
  search: string;
}

/**
 * What the server-rendered form holds at the moment the island hydrates. A person can type and
 * choose before that moment (seconds on a slow phone); the island starts from these values rather
 * than from its props, so nothing they did is lost.
 */
export function readForm(rendered: ListingView): FormSnapshot {
  const value = (key: keyof typeof CONTROL_IDS) =>
    typeof document === 'undefined'
      ? null
      : ((document.getElementById(CONTROL_IDS[key]) as HTMLInputElement | HTMLSelectElement | null)?.value ?? null);
  const changed: Partial<TrainingFilters> = {};
  for (const key of FILTER_KEYS) {
    if (key === 'search') continue;
    const current = value(key);
    if (current !== null && fromOption(current) !== rendered.filters[key]) changed[key] = fromOption(current);
  }
  const sort = value('sort');
  return {
    changed,
    sort: sort && isSortKey(sort) && sort !== rendered.sort ? sort : null,
    search: value('search') ?? rendered.filters.search,
  };
}
