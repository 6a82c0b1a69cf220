import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { TrainingCardData } from '../../domain/siteData';
import { EMPTY_FILTERS, activeFilterCount, filtersToQuery, type TrainingFilters } from '../../domain/filterQuery';
import { $filters, setFilters, startUrlSync } from '../filtersStore';
import { fetchTrainings } from '../fetchTrainings';
import TrainingGrid from '../TrainingGrid';
import { cardListKey } from '../../domain/cardListKey';
import FilterBar from './FilterBar';

/**
 * The home list (SPEC §2 Trainings section). The page renders the grid at build time and hands it
 * in as `children` (static HTML, not island props: the data is not sent twice); once the first
 * answer of `/api/trainings` arrives, the island renders the list itself and keeps it live.
 * `initialFilters` are the filters the children were made for (set by /trainings, the
 * no-JavaScript form's target).
 */
export default function TrainingsBrowser(props: {
  initialCount: number;
  /** cardListKey() of the built list: an identical first answer keeps the built HTML. */
  initialKey: string;
  initialFilters?: TrainingFilters;
  children?: ReactNode;
}) {
  const { initialCount, initialKey, initialFilters = EMPTY_FILTERS, children } = props;
  const stored = useStore($filters);
  const [synced, setSynced] = useState(false);
  const filters = synced ? stored : initialFilters;
  const [trainings, setTrainings] = useState<TrainingCardData[] | null>(null);
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
        const unchanged = query === filtersToQuery(initialFilters) && cardListKey(rows) === initialKey;
        setTrainings((shown) => (shown === null && unchanged ? null : rows));
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
          <span data-testid="result-count">{`${trainings?.length ?? initialCount} training(s) found`}</span>
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
      {loading ? null : trainings ? <TrainingGrid trainings={trainings} /> : children}
    </div>
  );
}
