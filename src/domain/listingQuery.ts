import { DATE_RANGES, dateRangeWindow, startsIn } from './dateRanges';
import { FORMATS, formatMatches } from './formats';
import { instant } from './publicListing';
import type { ListingView, SortKey } from './listingView';

/**
 * One answer of the public list: the page of matches in the chosen order, how many match in all,
 * and how many each filter option would leave given the other filters ("California (12)"). The API
 * and the built pages both call this, over the same public listing, so their numbers agree.
 */
export interface ListingEntry {
  state: string | null;
  format: string;
  start: number;
  end: number;
  price: number;
  created: number;
  /** searchableText() of the training: lower-cased title, description, location, venue, trainer. */
  haystack: string;
}

export interface FilterCounts {
  state: Record<string, number>;
  format: Record<string, number>;
  dateRange: Record<string, number>;
}

export interface ListingResult {
  /** Positions in the entries array, for this page, in order. */
  indices: number[];
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
  counts: FilterCounts;
}

export function listingEntry(
  t: {
    state: string | null;
    format: string;
    startDate: Date | string;
    endDate: Date | string;
    price: number;
    createdAt: Date | string;
  },
  haystack: string,
): ListingEntry {
  return {
    state: t.state,
    format: t.format,
    start: instant(t.startDate),
    end: instant(t.endDate),
    price: t.price,
    created: instant(t.createdAt),
    haystack,
  };
}

const ORDER: Record<SortKey, (a: ListingEntry, b: ListingEntry) => number> = {
  soonest: (a, b) => a.start - b.start,
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  newest: (a, b) => b.created - a.created,
};

/**
 * `entries` are in the public listing's order (soonest first), which breaks every tie. `candidates`
 * narrows the rows a search must look at (the trigram index); null means all of them.
 */
export function queryListing(
  entries: readonly ListingEntry[],
  view: ListingView,
  now: Date,
  candidates: readonly number[] | null = null,
): ListingResult {
  const { filters } = view;
  const windows = DATE_RANGES.map((r) => dateRangeWindow(r.value, now));
  const chosen = filters.dateRange ? windows[DATE_RANGES.findIndex((r) => r.value === filters.dateRange)]! : null;
  const needle = filters.search.trim().toLowerCase();
  const counts = emptyCounts();
  const matches: number[] = [];
  const nowMs = now.getTime();
  const scan = candidates ?? entries.keys();
  for (const i of scan) {
    const e = entries[i]!;
    if (e.end <= nowMs || (needle && !e.haystack.includes(needle))) continue;
    const stateOk = !filters.state || e.state === filters.state;
    const formatOk = !filters.format || formatMatches(e.format, filters.format);
    const dateOk = !chosen || startsIn(e.start, chosen);
    if (formatOk && dateOk && e.state) counts.state[e.state] = (counts.state[e.state] ?? 0) + 1;
    if (stateOk && dateOk) for (const f of FORMATS) if (formatMatches(e.format, f)) counts.format[f]!++;
    if (stateOk && formatOk)
      DATE_RANGES.forEach((r, k) => startsIn(e.start, windows[k]!) && counts.dateRange[r.value]!++);
    if (stateOk && formatOk && dateOk) matches.push(i);
  }
  const order = ORDER[view.sort];
  if (view.sort !== 'soonest' || candidates) matches.sort((a, b) => order(entries[a]!, entries[b]!) || a - b);
  const pageCount = Math.max(1, Math.ceil(matches.length / view.limit));
  const page = Math.min(view.page, pageCount);
  const from = (page - 1) * view.limit;
  return { indices: matches.slice(from, from + view.limit), total: matches.length, page, pageCount, counts };
}

function emptyCounts(): FilterCounts {
  return {
    state: {},
    format: Object.fromEntries(FORMATS.map((f) => [f, 0])),
    dateRange: Object.fromEntries(DATE_RANGES.map((r) => [r.value, 0])),
  };
}
