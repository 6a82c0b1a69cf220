import { z } from 'zod';
import { newestRequestId } from '../data/publishing';
import * as trainings from '../data/trainings';
import {
  ListingParamsSchema,
  TrainingFiltersSchema,
  filtersFromQuery,
  listingParamsFromQuery,
  searchableText,
  type ListingParams,
  type TrainingFilters,
} from '../domain/listing/filters';
import {
  listingCandidates,
  listingReadModelInTurns,
  queryReadModel,
  type ListingReadModel,
} from '../domain/listing/listingReadModel';
import { DEFAULT_SORT, PAGE_SIZE, type ListingView } from '../domain/listing/listingView';
import { toCardData } from '../domain/listing/trainingCard';
import { withTotalCost, type PublicTraining } from '../domain/training';
import { isSlug, TRAINER_PARAM_MESSAGE } from '../domain/trainers/trainerSlug';
import { fieldErrorsOf } from '../domain/fieldErrors';
import { trainerSlugIds } from '../data/trainerSlugs';
import { nextTurn } from '../turns';
import { nearOrigin, withDistance } from './nearOrigin';
import type { Position } from '../domain/nearMe/nearby';
import { withNotStated } from './notStated';

/**
 * `GET /api/trainings` from memory: the published listing is loaded once and kept while
 * the database's change counter (the newest publish request id, bumped in the same transaction as
 * every change) stays the same. The counter is read once per burst of concurrent requests, so a
 * client that saved and then reads always sees its change, whichever process saved it.
 */
interface Snapshot {
  version: number;
  /** The public listing, soonest first, searchable, by trainer (listingReadModel.ts). */
  model: ListingReadModel<PublicTraining>;
  /** Each row's two JSON forms, precomputed. */
  rows: { json: string; card: string }[];
  /** Every row's end time, ascending: which answers still hold depends on how many have passed. */
  ends: number[];
  /** Every row's start time, ascending: date-range answers and counts depend on where now falls among them. */
  starts: number[];
}

/** The process's one listing snapshot: the host's fast path and the Astro route import this one module. */
const shared: { snapshot: Snapshot | null; loading: Promise<Snapshot> | null; versionQuery: Promise<number> | null } = {
  snapshot: null,
  loading: null,
  versionQuery: null,
};

function state() {
  return shared;
}

async function currentVersion(): Promise<number> {
  const s = state();
  s.versionQuery ??= (async () => {
    try {
      return await newestRequestId();
    } finally {
      s.versionQuery = null;
    }
  })();
  return s.versionQuery;
}

/**
 * Rows prepared between two turns of the event loop while a snapshot is built. The first request
 * after a publish builds it; in one piece, 5,000 rows held every other request (and /healthz) for
 * about 100 ms. This many take a few milliseconds.
 */
const ROWS_PER_TURN = 200;

async function load(version: number): Promise<Snapshot> {
  const listed = await trainings.listPublished();
  const slugIds = await trainerSlugIds();
  const rows: Snapshot['rows'] = [];
  const model = await listingReadModelInTurns(
    listed,
    {
      searchText: searchableText,
      indexed: true,
      trainerSlugIds: slugIds,
      eachRow: (training) =>
        rows.push({ json: JSON.stringify(withTotalCost(training)), card: JSON.stringify(toCardData(training)) }),
    },
    { rowsPerTurn: ROWS_PER_TURN, nextTurn },
  );
  return {
    version,
    model,
    rows,
    ends: model.entries.map((entry) => entry.end).sort((a, b) => a - b),
    starts: model.entries.map((entry) => entry.start).sort((a, b) => a - b),
  };
}

async function snapshot(): Promise<Snapshot> {
  const s = state();
  const version = await currentVersion();
  if (s.snapshot?.version === version) return s.snapshot;
  s.loading ??= load(version).finally(() => (s.loading = null));
  const loaded = await s.loading;
  if (!s.snapshot || loaded.version >= s.snapshot.version) s.snapshot = loaded;
  return loaded.version >= version ? loaded : snapshot();
}

/** A list query refused: what is wrong with it, field by field (answered 400 by http/listingAnswer.ts). */
export interface ListingRefusal {
  error: string;
  fieldErrors: Record<string, string[]>;
}

/** Where a page sits among the list's pages, and the validated query its neighbours' links repeat. */
export interface ListingPaging {
  page: number;
  pageCount: number;
  /** The query every page link repeats, without its page (made from the validated query only). */
  linkQuery: string;
}

/** The list for one query as plain values: the rows as JSON, how many match, the paging, the counts. */
export interface ListingList {
  /** The rows answered, as one JSON array. */
  body: string;
  total: number;
  /** With `page` or `limit`; null answers every match, as the public contract has it. */
  paging: ListingPaging | null;
  /** With `counts=1`: the counts per filter option (the list island makes one request per change). */
  counts: unknown;
}

export type ListingOutcome = { list: ListingList } | { refused: ListingRefusal };

const refusal = (error: z.ZodError, message: string): ListingRefusal => ({
  error: message,
  fieldErrors: fieldErrorsOf(error).fieldErrors,
});

/** A list query once validated: what an answer depends on, whatever else the query string said. */
export interface ListingQuery {
  filters: TrainingFilters;
  options: ListingParams;
  /** `trainer`: one trainer's trainings by their slug, lower-cased. */
  trainer: string | undefined;
  /** The place `filters.near` names, resolved. */
  origin: Position | null;
}

/**
 * Reads and checks a query string: the validated query, or what is wrong with it. Parameters it
 * does not know are not looked at.
 */
export async function readListingQuery(
  params: URLSearchParams,
): Promise<{ query: ListingQuery } | { refused: ListingRefusal }> {
  const filters = TrainingFiltersSchema.safeParse(filtersFromQuery(params));
  if (!filters.success) return { refused: refusal(filters.error, 'Invalid filter') };
  const options = ListingParamsSchema.safeParse(listingParamsFromQuery(params));
  if (!options.success) return { refused: refusal(options.error, 'Invalid paging or sort') };
  const origin = await nearOrigin(filters.data, options.data.sort);
  if ('fieldErrors' in origin) return { refused: origin };
  // `trainer`: one trainer's trainings by their slug (docs/product.md, Widget); an unknown slug matches none.
  const trainer = params.get('trainer')?.trim().toLowerCase() || undefined;
  if (trainer !== undefined && !isSlug(trainer))
    return { refused: { error: 'Invalid filter', fieldErrors: { trainer: [TRAINER_PARAM_MESSAGE] } } };
  return { query: { filters: filters.data, options: options.data, trainer, origin: origin.position } };
}

/**
 * The list for a query string, shared by the Astro route and the host's fast path (through
 * listingAnswers.ts). No `page` or `limit`: every match, as the public contract has it. With either:
 * that page and where it sits (`paging`). `fields=card` answers the card projection; `counts=1` adds
 * the counts per filter option.
 */
export async function listingOutcome(params: URLSearchParams, now = new Date()): Promise<ListingOutcome> {
  const read = await readListingQuery(params);
  return 'refused' in read ? read : { list: await listQuery(read.query, now) };
}

/** The list for a validated query (readListingQuery) at `now`. */
export async function listQuery(query: ListingQuery, now = new Date()): Promise<ListingList> {
  const { filters, trainer, origin } = query;
  const { page, limit, sort, fields, counts } = query.options;
  const paged = page !== undefined || limit !== undefined;
  const { model, rows } = await snapshot();
  const view = {
    filters,
    sort: sort ?? DEFAULT_SORT,
    page: page ?? 1,
    limit: paged ? (limit ?? PAGE_SIZE) : Math.max(1, model.entries.length),
  };
  // A search looks only at the rows that hold its rarest trigrams; queryListing still decides.
  const candidates = listingCandidates(model, view.filters.search, trainer);
  const result = queryReadModel(model, view, now, candidates, origin);
  const answered = result.indices.map((i) => (fields === 'card' ? rows[i]!.card : rows[i]!.json));
  return {
    body: `[${withNotStated(withDistance(answered, result.distances), result.notStated).join(',')}]`,
    total: result.total,
    paging: paged
      ? {
          page: result.page,
          pageCount: result.pageCount,
          linkQuery: linkQuery({ ...view.filters, trainer, sort, limit, fields, counts }),
        }
      : null,
    counts: counts ? result.counts : null,
  };
}

/**
 * What the validity of an answer depends on besides its query: the published listing's version and
 * its trainings' start and end times, ascending (listingAnswers.ts keys the shared answers by them).
 */
export async function listingTimeline(): Promise<Pick<Snapshot, 'version' | 'starts' | 'ends'>> {
  const { version, starts, ends } = await snapshot();
  return { version, starts, ends };
}

/** The query page links repeat, built from the validated query only: nothing a client sent unchecked. */
function linkQuery(known: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(known))
    if (value !== undefined && value !== '') params.set(key, `${value}`);
  return params.toString();
}

/** One page of cards for a server-rendered list (/trainings, the no-JavaScript form's target). */
export async function listingPage(view: ListingView, now = new Date()) {
  const { model } = await snapshot();
  const candidates = listingCandidates(model, view.filters.search);
  // A ZIP code the table does not know lists nothing near it (the API answers it 400).
  const origin = await nearOrigin(view.filters, view.sort);
  const position = 'position' in origin ? origin.position : null;
  const unknown = view.filters.near !== '' && !position;
  const { indices, distances, notStated, ...result } = queryReadModel(
    model,
    view,
    now,
    unknown ? [] : candidates,
    position,
  );
  const cards = indices.map((i, k) => ({
    ...toCardData(model.rows[i]!),
    distanceMiles: distances?.[k] ?? null,
    ...(notStated?.[k] ? { eligibilityNotStated: true } : {}),
  }));
  // The page says why it lists nothing, as the island does from the API's 400.
  const refused = 'fieldErrors' in origin ? Object.values(origin.fieldErrors)[0]?.[0] : undefined;
  return { ...result, cards, refused };
}
