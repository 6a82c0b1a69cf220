import { useEffect, useState, type SubmitEvent } from 'react';
import { US_STATES } from '../../domain/states';
import { FORMATS } from '../../domain/formats';
import { ANY_TIME_LABEL, DATE_RANGES } from '../../domain/dateRanges';
import { EMPTY_FILTERS, FILTER_KEYS, type TrainingFilters } from '../../domain/filterQuery';

/** 'all' in a dropdown means unset (SPEC §5). */
const ALL = 'all';
const fromOption = (value: string) => (value === ALL ? '' : value);

const selectClass =
  'w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 sm:w-auto';

/**
 * Search and dropdowns (SPEC §2): dropdowns apply at once, the search text only on submit (SPEC §5).
 * Without JavaScript it is a plain GET form to /trainings, which renders the same list on the server.
 */
export default function FilterBar(props: {
  filters: TrainingFilters;
  onChange(patch: Partial<TrainingFilters>): void;
}) {
  const { filters, onChange } = props;
  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ search: search.trim() });
  };
  const anyActive = FILTER_KEYS.some((key) => filters[key] !== '');

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
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search trainings by title, trainer, or keyword..."
          className="flex-1 rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-600"
        />
        <button type="submit" className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
          Search
        </button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FilterSelect
          id="filter-state"
          name="state"
          label="State"
          allLabel="All States"
          value={filters.state}
          options={US_STATES.map((s) => [s.code, s.name])}
          onChange={(state) => onChange({ state })}
        />
        <FilterSelect
          id="filter-format"
          name="format"
          label="Format"
          allLabel="All Formats"
          value={filters.format}
          options={FORMATS.map((format) => [format, format])}
          onChange={(format) => onChange({ format })}
        />
        <FilterSelect
          id="filter-date"
          name="dateRange"
          label="Date Range"
          allLabel={ANY_TIME_LABEL}
          value={filters.dateRange}
          options={DATE_RANGES.map((range) => [range.value, range.label])}
          onChange={(dateRange) => onChange({ dateRange })}
        />
        {anyActive && (
          <button
            type="button"
            onClick={() => onChange(EMPTY_FILTERS)}
            className="rounded-md border border-slate-400 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
          >
            Clear Filters
          </button>
        )}
      </div>
    </form>
  );
}

/** One labelled dropdown whose first option, 'all', means unset. */
function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: string;
  options: [value: string, label: string][];
  onChange(value: string): void;
}) {
  return (
    <div className="flex flex-col">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        className={selectClass}
        value={props.value || ALL}
        onChange={(event) => props.onChange(fromOption(event.target.value))}
      >
        <option value={ALL}>{props.allLabel}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
