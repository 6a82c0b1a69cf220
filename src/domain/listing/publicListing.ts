import { availabilityRank } from '../parts/availability';

/**
 * What the public sees: the one rule behind the API, the home page, the state pages, the sitemap
 * and the feeds. A training is listed while it is published and its end instant has not come; it
 * leaves the list at that instant, not at some midnight, so every reader that passes the same
 * `now` gets the same list whatever time zone it runs in.
 */
export interface Listable {
  id: string;
  title: string;
  isPublished: boolean;
  startDate: Date | string;
  endDate: Date | string;
  /** Absent on rows from before availability existed: open. */
  availability?: string;
}

/** Epoch milliseconds of a stored date (a Date from the database, an ISO string from a snapshot). */
export const instant = (value: Date | string): number =>
  typeof value === 'string' ? Date.parse(value) : value.getTime();

/**
 * A row's start and end instants, parsed once per row object: the publisher keeps an unchanged
 * row's object from one snapshot to the next, and every publish asks the list, each feed and the
 * page digests which rows are still upcoming (tens of thousands of date parses at 5,000 rows).
 * Rows are not changed in place, so a kept object's dates are its dates.
 */
const starts = new WeakMap<object, number>();
const ends = new WeakMap<object, number>();
function parsedOnce(memo: WeakMap<object, number>, row: object, value: Date | string): number {
  let found = memo.get(row);
  if (found === undefined) memo.set(row, (found = instant(value)));
  return found;
}
export const startOf = (row: Pick<Listable, 'startDate'>): number => parsedOnce(starts, row, row.startDate);
export const endOf = (row: Pick<Listable, 'endDate'>): number => parsedOnce(ends, row, row.endDate);

export function isListed(t: Pick<Listable, 'isPublished' | 'endDate'>, now: Date): boolean {
  return t.isPublished && endOf(t) > now.getTime();
}

// Code-unit order, not localeCompare: the database, Node and browsers must sort titles alike.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The public list at `now`, soonest first; at the same start, one with seats before one without
 * (docs/product.md, Availability); the title and then the id make the order total, so pages never overlap.
 */
export function publicListing<T extends Listable>(rows: readonly T[], now: Date = new Date()): T[] {
  // Each start parsed once rather than at every comparison (5,000 rows are some 60,000 comparisons,
  // at every publish).
  const keyed = rows
    .filter((t) => isListed(t, now))
    .map((row) => ({ row, start: startOf(row), rank: availabilityRank(row.availability) }));
  keyed.sort(
    (a, b) => a.start - b.start || a.rank - b.rank || byText(a.row.title, b.row.title) || byText(a.row.id, b.row.id),
  );
  return keyed.map(({ row }) => row);
}
