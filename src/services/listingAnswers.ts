import { LRUCache } from 'lru-cache';
import { DATE_RANGES, dateRangeWindow } from '../domain/listing/dateRanges';
import {
  listingTimeline,
  listQuery,
  readListingQuery,
  type ListingList,
  type ListingQuery,
  type ListingRefusal,
} from './publicListing';

/** A list kept as bytes (publicListing.ts's ListingList with its rows encoded once). */
export interface ListingBytes extends Omit<ListingList, 'body'> {
  body: Buffer;
}

/**
 * Answers of `GET /api/trainings` as bytes, made once and shared by every request that asks the
 * same: the unpaged list at 5,000 trainings is about 7 MB, and a client that reads it slowly holds
 * a reference to the shared bytes, not a copy of its own. "The same" is the validated query, not
 * the query string (docs/security.md): `?x=1`, `?state=CA&format=Virtual` and `?format=Virtual&state=CA&x=2`
 * are one query each way, so no query string makes the list cost more than asking it plainly.
 * Bounded in bytes.
 */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
const answers = new LRUCache<string, ListingBytes>({
  maxSize: ANSWER_CACHE_BYTES,
  sizeCalculation: (answer) =>
    answer.body.length + (answer.paging?.linkQuery.length ?? 0) + JSON.stringify(answer.counts).length + 256,
  // A single answer bigger than the whole cache is still answered, just not kept.
  maxEntrySize: ANSWER_CACHE_BYTES,
});

/**
 * Query strings already read, with what they read as: asking the same again skips the validation
 * (two schema parses, a few microseconds that the plain list's requests paid each time). Bounded in
 * bytes; a long or new query string is simply read again.
 */
const READ_CACHE_BYTES = 1024 * 1024;
type Read = Awaited<ReturnType<typeof readListingQuery>>;
const reads = new LRUCache<string, Read>({
  maxSize: READ_CACHE_BYTES,
  sizeCalculation: (read, queryString) =>
    queryString.length * 2 + ('refused' in read ? JSON.stringify(read.refused).length : 0) + 512,
  maxEntrySize: 16 * 1024,
});

async function read(queryString: string): Promise<Read> {
  let known = reads.get(queryString);
  if (!known) reads.set(queryString, (known = await readListingQuery(new URLSearchParams(queryString))));
  return known;
}

/** Answers being made, by key: each is made once however many clients ask at the same time. */
const making = new Map<string, Promise<ListingBytes>>();

/** How many answers are kept now, and their size in bytes as the cache counts it. */
export function keptListingAnswers(): { entries: number; bytes: number } {
  return { entries: answers.size, bytes: answers.calculatedSize };
}

/**
 * The query as its answer reads it: every parsed filter and option (sort, paging, fields, counts) by
 * name, so one added later is part of the key without being listed here, and the trainer, in one
 * fixed order. An unpaged answer does not depend on the search's case (the search is case-blind, and only a
 * page's `Link` repeats the search as typed).
 */
function canonicalQuery({ filters, options, trainer }: ListingQuery): string {
  const paged = options.page !== undefined || options.limit !== undefined;
  const parsed: Record<string, unknown> = { ...filters, search: paged ? filters.search : filters.search.toLowerCase() };
  return JSON.stringify([byName(parsed), byName({ ...options }), trainer ?? '']);
}

/** The values by name, in name order; an unset value and an absent one read alike. */
function byName(values: Record<string, unknown>): unknown[] {
  return Object.keys(values)
    .sort()
    .filter((name) => values[name] !== undefined && values[name] !== '')
    .map((name) => [name, values[name]]);
}

/** How many of the ascending times are below `value` (or at it, with `orAt`): a binary search. */
function countBelow(sorted: readonly number[], value: number, orAt = false): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < value || (orAt && sorted[mid] === value)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * What, besides the query, an answer made at `now` depends on: the published listing, which of its
 * trainings have ended, and, for a date range or the counts (which count every range), which have
 * started and which start before each range's end. Two instants that agree on all of these get the
 * same answer to the ms, so a kept answer is never stale.
 */
function momentKey(
  { version, starts, ends }: { version: number; starts: number[]; ends: number[] },
  query: ListingQuery,
  now: Date,
): string {
  const at = now.getTime();
  const key = `${version}|${countBelow(ends, at, true)}`;
  if (!query.filters.dateRange && !query.options.counts) return key;
  const ranges = DATE_RANGES.map((range) => countBelow(starts, dateRangeWindow(range.value, now).to.getTime()));
  return `${key}|${countBelow(starts, at)}|${ranges.join(',')}`;
}

/** The list for a query string, shared (see above); a query that is not valid is refused, not kept. */
export async function listingBytes(
  queryString: string,
  now = new Date(),
): Promise<ListingBytes | { refused: ListingRefusal }> {
  const known = await read(queryString);
  if ('refused' in known) return known;
  const { query } = known;
  const key = `${momentKey(await listingTimeline(), query, now)}|${canonicalQuery(query)}`;
  const kept = answers.get(key);
  if (kept) return kept;
  // Concurrent requests for an answer not made yet wait for the one being made: a burst of clients
  // asking for the unpaged list after a publish would otherwise serialise megabytes each.
  const pending = making.get(key);
  if (pending) return pending;
  const made = (async () => {
    const { body, ...facts } = await listQuery(query, now);
    const bytes = { ...facts, body: Buffer.from(body) };
    answers.set(key, bytes);
    return bytes;
  })();
  making.set(key, made);
  void made.finally(() => making.delete(key)).catch(() => undefined);
  return made;
}
