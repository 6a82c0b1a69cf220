import { z } from 'zod';
import { newestRequestId } from '../data/publishing';
import * as trainings from '../data/trainings';
import {
  TrainingFiltersSchema,
  filtersFromQuery,
  matchesFilters,
  searchableText,
  type TrainingFilters,
} from '../domain/filters';
import { dateRangeWindow, type DateRange } from '../domain/dateRanges';
import type { PublicTraining } from '../domain/training';
import { TrigramIndex } from '../domain/trigramIndex';

/**
 * `GET /api/trainings` from memory (issue 8): the published listing is loaded once and kept while
 * the database's change counter (the newest publish request id, bumped in the same transaction as
 * every change) stays the same. The counter is read once per burst of concurrent requests, so a
 * client that saved and then reads always sees its change, whichever process saved it.
 */
interface Snapshot {
  version: number;
  rows: { training: PublicTraining; haystack: string; json: string }[];
  search: TrigramIndex;
}

const STATE = Symbol.for('emdr.publicListing');
type Global = typeof globalThis & {
  [STATE]?: { snapshot: Snapshot | null; loading: Promise<Snapshot> | null; versionQuery: Promise<number> | null };
};

function state() {
  const g = globalThis as Global;
  return (g[STATE] ??= { snapshot: null, loading: null, versionQuery: null });
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

async function load(version: number): Promise<Snapshot> {
  const rows = (await trainings.listPublished()).map((training) => ({
    training,
    haystack: searchableText(training),
    json: JSON.stringify(training),
  }));
  return { version, rows, search: new TrigramIndex(rows.map((row) => row.haystack)) };
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

export type ListingAnswer = { status: 200; body: string } | { status: 400; body: string };

/** The JSON answer for a query string, shared by the Astro route and the host's fast path. */
export async function listingAnswer(params: URLSearchParams, now = new Date()): Promise<ListingAnswer> {
  const parsed = TrainingFiltersSchema.safeParse(filtersFromQuery(params));
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    return { status: 400, body: JSON.stringify({ error: 'Invalid filter', fieldErrors }) };
  }
  const filters: TrainingFilters = parsed.data;
  const window = filters.dateRange ? dateRangeWindow(filters.dateRange as DateRange, now) : null;
  const { rows, search } = await snapshot();
  // A search looks only at the rows that hold all of its trigrams; matchesFilters still decides.
  const candidates = filters.search ? search.candidates(filters.search) : null;
  const parts: string[] = [];
  for (const row of candidates ? candidates.map((i) => rows[i]!) : rows) {
    if (matchesFilters(row.training, row.haystack, filters, now, window)) parts.push(row.json);
  }
  return { status: 200, body: `[${parts.join(',')}]` };
}
