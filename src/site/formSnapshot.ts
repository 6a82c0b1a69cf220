import { FILTER_KEYS, ceCodes, type TrainingFilters } from '../domain/listing/filterQuery';
import { isSortKey, type ListingView, type SortKey } from '../domain/listing/listingView';
import { fromOption } from './islands/FilterSelect';
import { FILTER_CONTROL_IDS } from './islands/filterControls';

export interface FormSnapshot {
  /** Controls a person changed before the island took over: applied once it has. */
  changed: Partial<TrainingFilters>;
  sort: SortKey | null;
  /** The search box's text, typed or not; applied only when submitted. */
  search: string;
}

/** A control's value as a filter value: a dropdown's 'all' is unset, a box's checks are its value. */
function controlValue(key: (typeof FILTER_KEYS)[number]): string | null {
  const control = document.getElementById(FILTER_CONTROL_IDS[key]) as HTMLInputElement | HTMLSelectElement | null;
  if (!control) return null;
  if (key === 'ce') {
    const checked = document.querySelectorAll<HTMLInputElement>('input[name="ce"]:checked');
    return ceCodes([...checked].map((box) => box.value).join(',')).join(',');
  }
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return control.checked ? control.value : '';
  return fromOption(control.value.trim());
}

/**
 * What the server-rendered form holds at the moment the island hydrates. A person can type and
 * choose before that moment (seconds on a slow phone); the island starts from these values rather
 * than from its props, so nothing they did is lost.
 */
export function readForm(rendered: ListingView): FormSnapshot {
  const hasDocument = typeof document !== 'undefined';
  const changed: Partial<TrainingFilters> = {};
  for (const key of FILTER_KEYS) {
    // The search, the price and the ZIP code apply only when the form is submitted.
    if (key === 'search' || key === 'priceMax' || key === 'near' || !hasDocument) continue;
    const current = controlValue(key);
    if (current !== null && current !== rendered.filters[key]) changed[key] = current;
  }
  const sort = hasDocument
    ? ((document.getElementById('filter-sort') as HTMLSelectElement | null)?.value ?? null)
    : null;
  const search = hasDocument ? (document.getElementById(FILTER_CONTROL_IDS.search) as HTMLInputElement | null) : null;
  return {
    changed,
    sort: sort && isSortKey(sort) && sort !== rendered.sort ? sort : null,
    search: search?.value ?? rendered.filters.search,
  };
}
