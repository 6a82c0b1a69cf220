import { useEffect, useRef, type SubmitEvent } from 'react';
import { US_STATES } from '../../domain/states';
import { FORMATS } from '../../domain/formats';
import { ANY_TIME_LABEL, DATE_RANGES } from '../../domain/listing/dateRanges';
import { EMPTY_FILTERS, FILTER_KEYS, SEARCH_MAX_LENGTH, type TrainingFilters } from '../../domain/listing/filterQuery';
import { DISTANCE_SORT, SORTS, isSortKey, type SortKey } from '../../domain/listing/listingView';
import type { FilterCounts } from '../../domain/listing/listingQuery';
import { ALL, FilterSelect, fromOption } from './FilterSelect';
import Button from '../../ui/Button';
import MoreFilters from './MoreFilters';
import { FILTER_CONTROL_IDS } from './filterControls';

/**
 * Search, dropdowns and order: dropdowns apply at once, the search text only on submit.
 * Without JavaScript it is a plain GET form to /trainings, which renders the same list
 * on the server. Each option says how many trainings it would leave, given the other filters.
 */
export default function FilterBar(props: {
  filters: TrainingFilters;
  sort: SortKey;
  counts: FilterCounts | null;
  /** The "I am a …" choices as [value, label] (domain/trainingFacts/eligibility.ts WHO_OPTIONS, handed in by the page). */
  whoOptions: [string, string][];
  /** The box held text typed before the island took over: it stays, whatever the URL says. */
  keepTyped: boolean;
  onChange(patch: Partial<TrainingFilters>): void;
  onSort(sort: SortKey): void;
}) {
  const { filters, counts, onChange } = props;
  // The box is uncontrolled: React never writes its value on a re-render, so text typed before
  // or while the island hydrates cannot be wiped. It follows the applied search (Back, Clear
  // Filters) by hand, except for the first change when it holds text typed before hydration.
  const box = useRef<HTMLInputElement>(null);
  const applied = useRef(filters.search);
  const keep = useRef(props.keepTyped);
  useEffect(() => {
    if (applied.current === filters.search) return;
    applied.current = filters.search;
    if (keep.current) keep.current = false;
    else if (box.current) box.current.value = filters.search;
  }, [filters.search]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in the price box submits too: it applies with the search text.
    const price = (event.currentTarget.elements.namedItem('priceMax') as HTMLInputElement | null)?.value.trim() ?? '';
    const priceMax = /^\d+$/.test(price) ? String(Number(price)) : price === '' ? '' : filters.priceMax;
    // The ZIP code box applies with the form too; the API refuses what is no ZIP code or position.
    const near = (event.currentTarget.elements.namedItem('near') as HTMLInputElement | null)?.value ?? '';
    onChange({ search: (box.current?.value ?? '').trim(), priceMax, near: near.replace(/\s+/g, '') });
  };
  const anyActive = FILTER_KEYS.some((key) => filters[key] !== '');
  const withCount = (label: string, n: number | undefined) => (counts ? `${label} (${n ?? 0})` : label);

  return (
    <form method="get" action="/trainings" onSubmit={submit} className="mb-4 space-y-3" role="search">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="training-search" className="sr-only">
          Search trainings
        </label>
        <input
          id="training-search"
          name="search"
          type="search"
          ref={box}
          defaultValue={filters.search}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Search trainings by title, trainer, or keyword..."
          className="flex-1 rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-600"
        />
        <Button type="submit">Search</Button>
      </div>
      {/* On a phone the filters wait behind one native button (the list comes within two screens); from
          the sm width on, the summary is hidden and the panel always open (global.css, .filters-panel). */}
      <details className="filters-panel">
        <summary>Filters</summary>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <FilterSelect
            id="filter-state"
            name="state"
            label="State"
            value={filters.state || ALL}
            options={[
              [ALL, 'All States'],
              ...US_STATES.map((s): [string, string] => [s.code, withCount(s.name, counts?.state[s.code])]),
            ]}
            onChange={(state) => onChange({ state: fromOption(state) })}
          />
          <FilterSelect
            id="filter-format"
            name="format"
            label="Format"
            value={filters.format || ALL}
            options={[
              [ALL, 'All Formats'],
              ...FORMATS.map((f): [string, string] => [f, withCount(f, counts?.format[f])]),
            ]}
            onChange={(format) => onChange({ format: fromOption(format) })}
          />
          <FilterSelect
            id="filter-date"
            name="dateRange"
            label="Date Range"
            value={filters.dateRange || ALL}
            options={[
              [ALL, ANY_TIME_LABEL],
              ...DATE_RANGES.map((r): [string, string] => [r.value, withCount(r.label, counts?.dateRange[r.value])]),
            ]}
            onChange={(dateRange) => onChange({ dateRange: fromOption(dateRange) })}
          />
          <FilterSelect
            id={FILTER_CONTROL_IDS.license}
            name="license"
            label="I am a …"
            value={filters.license || ALL}
            options={[
              [ALL, 'Any profession'],
              ...props.whoOptions.map(([value, label]): [string, string] => [
                value,
                withCount(label, counts?.license?.[value]),
              ]),
            ]}
            onChange={(license) => onChange({ license: fromOption(license) })}
          />
          <FilterSelect
            id="filter-sort"
            name="sort"
            label="Sort by"
            value={props.sort}
            options={(filters.near ? [...SORTS, DISTANCE_SORT] : SORTS).map((s) => [s.value, s.label])}
            onChange={(sort) => isSortKey(sort) && props.onSort(sort)}
          />
          {anyActive && (
            <Button
              variant="secondary"
              className="font-medium"
              onClick={() => {
                // Clear Filters empties the box too, even of text not yet searched for.
                if (box.current) box.current.value = '';
                onChange(EMPTY_FILTERS);
              }}
            >
              Clear Filters
            </Button>
          )}
        </div>
        <MoreFilters filters={filters} counts={counts} withCount={withCount} onChange={onChange} />
      </details>
    </form>
  );
}
