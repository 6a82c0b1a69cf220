import { availabilityRank } from './availability';

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

export function isListed(t: Pick<Listable, 'isPublished' | 'endDate'>, now: Date): boolean {
  return t.isPublished && instant(t.endDate) > now.getTime();
}

// Code-unit order, not localeCompare: the database, Node and browsers must sort titles alike.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Soonest first; at the same start, one with seats before one without (docs/product.md,
 * Availability); the title and then the id make the order total, so pages never overlap.
 */
export function compareSoonest(a: Listable, b: Listable): number {
  return (
    instant(a.startDate) - instant(b.startDate) ||
    availabilityRank(a.availability) - availabilityRank(b.availability) ||
    byText(a.title, b.title) ||
    byText(a.id, b.id)
  );
}

/** The public list at `now`, soonest first. */
export function publicListing<T extends Listable>(rows: readonly T[], now: Date = new Date()): T[] {
  // compareSoonest's order, with each start parsed once rather than at every comparison (5,000
  // rows are some 60,000 comparisons, at every publish).
  const keyed = rows
    .filter((t) => isListed(t, now))
    .map((row) => ({ row, start: instant(row.startDate), rank: availabilityRank(row.availability) }));
  keyed.sort(
    (a, b) => a.start - b.start || a.rank - b.rank || byText(a.row.title, b.row.title) || byText(a.row.id, b.row.id),
  );
  return keyed.map(({ row }) => row);
}
