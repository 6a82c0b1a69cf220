import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TrainingCardData } from '../../domain/siteData';
import { EMPTY_FILTERS, activeFilterCount, filtersToQuery, type TrainingFilters } from '../../domain/filterQuery';
import { $filters, setFilters, startUrlSync } from '../filtersStore';
import { fetchTrainings } from '../fetchTrainings';
import TrainingCard from '../TrainingCard';
import FilterBar from './FilterBar';
import EmptyListing from '../EmptyListing';

/**
 * The home list (SPEC §2 Trainings section): rendered into the HTML at build time with `initial`,
 * then kept live through `/api/trainings` for the filters in the URL. `initialFilters` are the
 * filters `initial` was made for (set by /trainings, the no-JavaScript form's target).
 */
export default function TrainingsBrowser(props: { initial: TrainingCardData[]; initialFilters?: TrainingFilters }) {
  const { initial, initialFilters = EMPTY_FILTERS } = props;
  const stored = useStore($filters);
  const [synced, setSynced] = useState(false);
  const filters = synced ? stored : initialFilters;
  const [trainings, setTrainings] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const query = filtersToQuery(filters);
  const firstLoad = useRef(true);

  useEffect(() => {
    startUrlSync();
    setSynced(true);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    // The build-time list is shown at once; only a changed filter shows the loading text.
    if (!(firstLoad.current && query === filtersToQuery(initialFilters))) setLoading(true);
    firstLoad.current = false;
    fetchTrainings(filters, controller.signal)
      .then((rows) => {
        setTrainings(rows);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // The query string is the filters' identity: one fetch per distinct query.
  }, [query]);

  const active = activeFilterCount(filters);
  return (
    <div>
      <FilterBar filters={filters} onChange={setFilters} />
      <div role="status" className="mb-6 flex flex-wrap items-center gap-3 text-slate-700">
        {loading ? (
          <span>Loading trainings...</span>
        ) : (
          <span data-testid="result-count">{`${trainings.length} training(s) found`}</span>
        )}
        {active > 0 && (
          <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">
            {`${active} filter(s) active`}
          </span>
        )}
      </div>
      {failed && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-900">
          The trainings could not be refreshed. Please check your connection and try again.
        </p>
      )}
      {loading ? null : trainings.length === 0 ? (
        <EmptyListing />
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Trainings">
          {trainings.map((training) => (
            <li key={training.id} className="flex">
              <TrainingCard training={training} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
