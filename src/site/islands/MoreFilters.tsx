import { useEffect, useState } from 'react';
import { RADIUS_CHOICES, roundedNear } from '../../domain/nearMe/nearControls';
import Button from '../../ui/Button';
import {
  anyMoreFilter,
  CAN_TAKE_NOW,
  ceCodes,
  PRICE_MAX_DIGITS,
  type TrainingFilters,
} from '../../domain/listing/filterQuery';
import type { FilterCounts } from '../../domain/listing/listingQuery';
import { CE_BODIES, COMMON_LANGUAGES, PROGRAM_TYPES, languageName } from '../../domain/trainingFacts/programFacts';
import { FILTER_CONTROL_IDS } from './filterControls';
import { ALL, FilterSelect, fromOption } from './FilterSelect';

/**
 * "State board" would share a word with the State dropdown's label next to it: a control found
 * by its label ("State") must stay one control.
 */
const filterLabel = (body: (typeof CE_BODIES)[number]) =>
  body.code === 'STATE_BOARD' ? 'Licensing board' : body.short;

/**
 * The filters on what a clinician decides on (docs/product.md, Program facts), behind a "More
 * filters" disclosure that is open when one of them is set. A native <details>: it opens and closes
 * without JavaScript, and the no-JavaScript form sends its controls like the others.
 */
export default function MoreFilters(props: {
  filters: TrainingFilters;
  counts: FilterCounts | null;
  withCount(label: string, n: number | undefined): string;
  onChange(patch: Partial<TrainingFilters>): void;
}) {
  const { filters, counts, withCount, onChange } = props;
  const anySet = anyMoreFilter(filters);
  const [open, setOpen] = useState(anySet);
  // "Use my location" needs JavaScript: disabled until the island runs (no dead clicks).
  const [ready, setReady] = useState(false);
  const [note, setNote] = useState('');
  useEffect(() => {
    setReady(true);
    if (anySet) setOpen(true);
  }, [anySet]);
  const chosen = new Set(ceCodes(filters.ce));
  const toggleBody = (code: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(code);
    else next.delete(code);
    onChange({ ce: ceCodes([...next].join(',')).join(',') });
  };
  // A one-value-or-unset filter as a checkbox; the no-JavaScript form sends it like the others.
  const box = (key: 'disclosed' | 'available' | 'prereq', label: string, value = '1') => (
    <label className="flex items-center gap-2 self-center text-slate-900">
      <input
        id={FILTER_CONTROL_IDS[key]}
        type="checkbox"
        name={key}
        value={value}
        checked={filters[key] === value}
        onChange={(event) => onChange({ [key]: event.target.checked ? value : '' })}
      />
      {label}
    </label>
  );
  const languages = [
    ...new Set<string>([
      ...COMMON_LANGUAGES,
      ...Object.keys(counts?.lang ?? {}),
      ...(filters.lang ? [filters.lang] : []),
    ]),
  ];

  return (
    <details
      className="rounded-md border border-slate-300 bg-white px-3 py-2"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium text-slate-900">More filters</summary>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <fieldset id={FILTER_CONTROL_IDS.ce} className="flex flex-col">
          <legend className="text-sm font-medium text-slate-800">CE approved by</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {CE_BODIES.map((body) => (
              <label key={body.code} className="flex items-center gap-1 text-slate-900">
                <input
                  type="checkbox"
                  name="ce"
                  value={body.code}
                  checked={chosen.has(body.code)}
                  onChange={(event) => toggleBody(body.code, event.target.checked)}
                />
                {withCount(filterLabel(body), counts?.ce[body.code])}
              </label>
            ))}
          </div>
        </fieldset>
        <FilterSelect
          id={FILTER_CONTROL_IDS.type}
          name="type"
          label="Program type"
          value={filters.type || ALL}
          options={[
            [ALL, 'All Program Types'],
            ...PROGRAM_TYPES.map((t): [string, string] => [t.value, withCount(t.label, counts?.type[t.value])]),
          ]}
          onChange={(type) => onChange({ type: fromOption(type) })}
        />
        <FilterSelect
          id={FILTER_CONTROL_IDS.lang}
          name="lang"
          label="Language"
          value={filters.lang || ALL}
          options={[
            [ALL, 'All Languages'],
            ...languages.map((tag): [string, string] => [tag, withCount(languageName(tag) ?? tag, counts?.lang[tag])]),
          ]}
          onChange={(lang) => onChange({ lang: fromOption(lang) })}
        />
        <div className="flex flex-col">
          <label htmlFor={FILTER_CONTROL_IDS.priceMax} className="text-sm font-medium text-slate-800">
            Total cost up to ($)
          </label>
          {/* Applied on Enter (the form's submit) or on leaving the box; the key follows Back and Clear Filters. */}
          <input
            key={filters.priceMax}
            id={FILTER_CONTROL_IDS.priceMax}
            name="priceMax"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            max={10 ** PRICE_MAX_DIGITS - 1}
            defaultValue={filters.priceMax}
            placeholder="Any"
            onBlur={(event) => {
              const value = event.target.value.trim();
              if (/^\d+$/.test(value) || value === '')
                onChange({ priceMax: value === '' ? '' : String(Number(value)) });
            }}
            className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-600 sm:w-36"
          />
        </div>
        {box('disclosed', 'Full cost disclosed only')}
        {box('available', withCount('Seats available', counts?.available))}
        {box('prereq', withCount('Show only trainings I can take now', counts?.prereq), CAN_TAKE_NOW)}
        {/* Near me (docs/product.md): the ZIP code box applies with the form (Enter, Search), as the
            search box does; 50 miles, the default, is the radius's empty value. */}
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Near ZIP code
          <input
            key={filters.near}
            id={FILTER_CONTROL_IDS.near}
            name="near"
            inputMode="numeric"
            defaultValue={filters.near}
            className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-600 sm:w-36"
          />
        </label>
        <FilterSelect
          id={FILTER_CONTROL_IDS.radius}
          name="radius"
          label="within"
          value={filters.radius === '50' ? '' : filters.radius}
          options={RADIUS_CHOICES.map((miles) => [miles === 50 ? '' : `${miles}`, `${miles} miles`])}
          onChange={(radius) => onChange({ radius })}
        />
        <Button
          variant="secondary"
          disabled={!ready}
          onClick={() =>
            // Rounded before it leaves the page: two decimals, about half a mile (docs/product.md, Near me).
            navigator.geolocation.getCurrentPosition(
              ({ coords }) => onChange({ near: roundedNear(coords) }),
              () => setNote('Location not shared. Type a ZIP code.'),
            )
          }
        >
          Use my location
        </Button>
        <p role="status">{note}</p>
      </div>
    </details>
  );
}
