import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { activeFilterCount, type TrainingFilters } from '../../domain/listing/filterQuery';
import { listingApiQuery, type ListingView } from '../../domain/listing/listingView';
import type { FilterCounts } from '../../domain/listing/listingQuery';
import { cardListKey } from '../../domain/listing/cardListKey';
import { $view, correctPage, setFilters, setPage, setSort, startUrlSync } from '../filtersStore';
import { fetchListingPage, RefusedView, type ListingPage } from '../fetchTrainings';
import { readForm } from '../formSnapshot';
import TrainingGrid from '../TrainingGrid';
import Pager from '../Pager';
import FilterBar from './FilterBar';

/**
 * The trainings list, one page at a time. The page renders its first
 * page at build time and hands the cards in as `children` (static HTML, not island props: the data
 * is not sent twice); once the first answer of `/api/trainings` arrives the island keeps it live.
 * `initial` describes what the children show; `fixed` are filters the page's path sets.
 */
export default function TrainingsBrowser(props: {
  initial: { view: ListingView; total: number; pageCount: number; counts: FilterCounts };
  /** cardListKey() of the built cards: an identical first answer keeps the built HTML. */
  initialKey: string;
  fixed?: Partial<TrainingFilters>;
  /** The "I am a …" filter's choices (domain/trainingFacts/eligibility.ts): props, so the labels cost no JavaScript. */
  whoOptions: [string, string][];
  children?: ReactNode;
}) {
  const { initial, initialKey, fixed, children } = props;
  const [form] = useState(() => readForm(initial.view));
  const stored = useStore($view);
  const [synced, setSynced] = useState(false);
  // The first render matches the server's HTML exactly (React does not patch attributes while
  // hydrating); what the form held before is applied right after, as a change.
  const view: ListingView = synced ? stored : initial.view;
  const [result, setResult] = useState<(ListingPage & { built: boolean }) | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | false>(false);
  const query = listingApiQuery(view);
  const builtQuery = listingApiQuery(initial.view);
  const firstLoad = useRef(true);

  useEffect(() => {
    startUrlSync(fixed);
    setSynced(true);
    // Choices made before hydration apply now, as if made a moment later.
    if (Object.keys(form.changed).length > 0) setFilters(form.changed);
    if (form.sort) setSort(form.sort);
  }, []);

  useEffect(() => {
    if (!synced) return;
    const controller = new AbortController();
    // The built page is shown at once; only a changed view shows the loading text.
    if (!(firstLoad.current && query === builtQuery)) setLoading(true);
    firstLoad.current = false;
    fetchListingPage(view, controller.signal)
      .then((page) => {
        const unchanged = query === builtQuery && cardListKey(page.cards) === initialKey;
        setResult({ ...page, built: unchanged });
        setFailed(false);
        if (page.page !== view.page) correctPage(page.page);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setFailed(
          error instanceof RefusedView
            ? error.message
            : 'The trainings could not be refreshed. Please check your connection and try again.',
        );
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // The query string is the view's identity: one fetch per distinct view.
  }, [query, synced]);

  const showPage = (page: number) => {
    setPage(page);
    document.getElementById('trainings-heading')?.scrollIntoView({ block: 'start' });
  };
  const total = result?.total ?? initial.total;
  const active = activeFilterCount(view.filters);
  return (
    <div>
      <FilterBar
        filters={view.filters}
        sort={view.sort}
        counts={result?.counts ?? initial.counts}
        whoOptions={props.whoOptions}
        keepTyped={form.search !== initial.view.filters.search}
        onChange={setFilters}
        onSort={setSort}
      />
      <div role="status" className="mb-6 flex flex-wrap items-center gap-3 text-slate-700">
        {loading ? (
          <span>Loading trainings...</span>
        ) : (
          <span data-testid="result-count">{`${total} training(s) found`}</span>
        )}
        {active > 0 && (
          <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">
            {`${active} filter(s) active`}
          </span>
        )}
      </div>
      {failed && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-900">
          {failed}
        </p>
      )}
      {loading ? null : result && !result.built ? (
        <TrainingGrid trainings={result.cards} help={result.counts?.help} />
      ) : (
        children
      )}
      {!loading && <Pager view={view} pageCount={result?.pageCount ?? initial.pageCount} onPage={showPage} />}
    </div>
  );
}
