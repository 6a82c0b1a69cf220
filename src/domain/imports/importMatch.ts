import { toWallClock } from '../time/zonedTime';

/**
 * How an imported row finds the listing it is (docs/decisions/0047-import-matching-and-locks.md): by
 * its UID, then by trainer and Register link, then by trainer, normalised title and first day. A
 * listing an earlier import made is that row again; any other listing it matches is a possible
 * duplicate, shown with a link and never written over.
 */
export interface Matchable {
  id: string;
  trainerId: string;
  title: string;
  thinkificUrl: string;
  startDate: Date | string;
  timeZone: string;
}

/** Case, accents, punctuation and runs of spaces do not tell two titles apart. */
export function normalTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The first day on the listing's own clock. */
export const firstDay = (m: Pick<Matchable, 'startDate' | 'timeZone'>) =>
  toWallClock(new Date(m.startDate), m.timeZone).slice(0, 10);

const normalUrl = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();

export type MatchedBy = 'uid' | 'register-link' | 'title-and-day';

export function findMatch<T extends Matchable>(
  row: Omit<Matchable, 'id'>,
  listings: readonly T[],
): { listing: T; by: MatchedBy } | null {
  const mine = listings.filter((l) => l.trainerId === row.trainerId);
  const title = normalTitle(row.title);
  const day = firstDay(row);
  const sameTitle = (l: T) => normalTitle(l.title) === title && firstDay(l) === day;
  const byLink = mine.filter((l) => normalUrl(l.thinkificUrl) === normalUrl(row.thinkificUrl));
  // One Register link for several cohorts: the cohort of the same title and first day, if any.
  if (byLink.length > 0) return { listing: byLink.find(sameTitle) ?? byLink[0]!, by: 'register-link' };
  const byTitle = mine.find(sameTitle);
  return byTitle ? { listing: byTitle, by: 'title-and-day' } : null;
}

/**
 * A field's values compared as JSON text: the source's now and at the last read, the listing's now and
 * right after that read. The source changed it: `imported` differs; the site changed it: `written`
 * differs. Both: the site's edit is kept ("kept: changed here"), the field lock.
 */
export const fieldText = (value: unknown): string => JSON.stringify(value ?? null);

export function fieldTexts(record: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, fieldText(JSON.parse(JSON.stringify(record[f] ?? null)))]));
}

export type FieldDecision = 'same' | 'changed' | 'kept';

/**
 * A field of a row matched to the listing an earlier import made. Changed on the site since that read:
 * kept ("kept: changed here"), whatever the source says now. Otherwise changed only when the source
 * moved since that read, so a read of the same file again changes nothing whatever the stored form.
 */
export function decideField(
  field: string,
  now: { source: Record<string, string>; listing: Record<string, string> },
  last: { imported: Record<string, string>; written: Record<string, string> },
): FieldDecision {
  if (now.source[field] === now.listing[field]) return 'same';
  const known = field in last.imported && field in last.written;
  if (known && last.written[field] !== now.listing[field]) return 'kept';
  return !known || last.imported[field] !== now.source[field] ? 'changed' : 'same';
}
