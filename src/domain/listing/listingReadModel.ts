import { listingEntry, queryListing, type ListingEntry, type ListingResult } from './listingQuery';
import type { ListingView } from './listingView';
import type { Position } from '../nearMe/nearby';
import { TrigramIndex } from './trigramIndex';

/**
 * The public listing's read model, assembled once for its three readers (docs/architecture.md): the API's
 * in-memory listing (services/publicListing.ts), the built pages' snapshot (prerender/siteData.ts)
 * and the alert digests' new trainings (services/alerts/alertDigests.ts). Each row's place in the listing
 * query, the search index and each trainer's rows are made here; what each reader keeps, and for
 * how long, is its policy.
 */
export interface ListingPolicy<T extends object> {
  /**
   * Each row's search text: kept in its entry, and indexed by trigrams when `indexed`. None: a built
   * page never searches (the island searches through the API), so its entries carry no text, which
   * at 5,000 trainings was 7 MiB kept at the publisher.
   */
  searchText?: (row: T) => string;
  /** A trigram index of the search text, for a reader that answers searches (the API). */
  indexed?: boolean;
  /** Entries kept by row object across models: the publisher's rows outlive one snapshot. */
  entryMemo?: WeakMap<T, ListingEntry>;
  /** Trainer slug to id: each trainer's rows by slug, for `?trainer=` (the widget's query, alerts). */
  trainerSlugIds?: ReadonlyMap<string, string>;
  /** Done for each row while the model is built (the API precomputes each row's JSON then). */
  eachRow?: (row: T, index: number) => void;
}

export interface ListingReadModel<T> {
  rows: readonly T[];
  entries: ListingEntry[];
  search: TrigramIndex | null;
  /** Each trainer's rows by their slug, ascending; null unless the policy named the slugs. */
  byTrainerSlug: Map<string, number[]> | null;
}

type Listed = Parameters<typeof listingEntry>[0] & { trainerId: string };

/** Each trainer's rows by slug (an unknown trainer's slug has none). */
function trainerRows(listed: readonly { trainerId: string }[], slugIds: ReadonlyMap<string, string>) {
  const byId = Map.groupBy(listed.keys(), (i) => listed[i]!.trainerId);
  const bySlug = new Map<string, number[]>();
  for (const [slug, id] of slugIds) bySlug.set(slug, byId.get(id) ?? []);
  return bySlug;
}

/** The model, a row at a time: it pauses (yields) before each row, so a caller can take turns. */
function* build<T extends Listed>(
  rows: readonly T[],
  policy: ListingPolicy<T>,
): Generator<number, ListingReadModel<T>> {
  const entries: ListingEntry[] = [];
  const search = policy.indexed ? new TrigramIndex() : null;
  for (const [i, row] of rows.entries()) {
    yield i;
    const kept = policy.entryMemo?.get(row);
    // A kept entry needs no text again, unless the index does.
    const text = kept && !search ? '' : (policy.searchText?.(row) ?? '');
    const entry = kept ?? listingEntry(row, text);
    if (!kept) policy.entryMemo?.set(row, entry);
    search?.add(text);
    entries.push(entry);
    policy.eachRow?.(row, i);
  }
  const byTrainerSlug = policy.trainerSlugIds ? trainerRows(rows, policy.trainerSlugIds) : null;
  return { rows, entries, search, byTrainerSlug };
}

/** The read model of these rows, in one piece. */
export function listingReadModel<T extends Listed>(rows: readonly T[], policy: ListingPolicy<T> = {}) {
  const steps = build(rows, policy);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The read model of these rows, `rowsPerTurn` rows between two turns of the event loop: a request
 * that builds it for 5,000 rows in one piece held every other request (and /healthz) for 100 ms.
 */
export async function listingReadModelInTurns<T extends Listed>(
  rows: readonly T[],
  policy: ListingPolicy<T>,
  turns: { rowsPerTurn: number; nextTurn: () => Promise<void> },
): Promise<ListingReadModel<T>> {
  const steps = build(rows, policy);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (step.value > 0 && step.value % turns.rowsPerTurn === 0) await turns.nextTurn();
  }
}

/**
 * The rows a query may match before queryListing decides: a search's (the rows holding its rarest
 * trigrams), narrowed to one trainer's when it names one; null: every row.
 */
export function listingCandidates(model: ListingReadModel<unknown>, search: string, trainer?: string): number[] | null {
  const searched = search && model.search ? model.search.candidates(search) : null;
  if (trainer === undefined) return searched;
  const own = model.byTrainerSlug?.get(trainer) ?? [];
  if (!searched) return own;
  const wanted = new Set(searched);
  return own.filter((i) => wanted.has(i));
}

/** The listing query over the model's rows. */
export function queryReadModel(
  model: ListingReadModel<unknown>,
  view: ListingView,
  now: Date,
  candidates: readonly number[] | null = null,
  origin: Position | null = null,
): ListingResult {
  return queryListing(model.entries, view, now, candidates, origin);
}
