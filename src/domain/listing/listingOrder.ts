import type { SortKey } from './listingView';

/** What the orders read of a listing entry (listingQuery.ts). */
interface Sortable {
  start: number;
  price: number;
  created: number;
}

const ORDER: Record<Exclude<SortKey, 'distance'>, (a: Sortable, b: Sortable) => number> = {
  soonest: (a, b) => a.start - b.start,
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  newest: (a, b) => b.created - a.created,
};

/**
 * In the chosen order; with a radius, the trainings in range come first and the virtual ones after
 * them, and 'distance' is nearest first. With "I am a …", the trainings kept only because they state
 * nothing come after all the others (ADR 0045). Ties keep the listing's order.
 */
export function sortMatches(
  matches: number[],
  entries: readonly Sortable[],
  sort: SortKey,
  miles: Map<number, number> | null,
  searched: boolean,
  unstated: Set<number> | null = null,
): void {
  const order = sort === 'distance' ? null : ORDER[sort];
  if (!miles && sort === 'soonest' && !searched) {
    // Already in the listing's order: the unstated ones move to the end, in that order (no sort).
    if (unstated?.size) partition(matches, unstated);
    return;
  }
  const far = (i: number) => miles?.get(i) ?? Infinity;
  const last = (i: number) => +(unstated?.has(i) ?? false);
  matches.sort((a, b) => {
    const byDistance = sort === 'distance' || !miles ? far(a) - far(b) : +!miles.has(a) - +!miles.has(b);
    return last(a) - last(b) || byDistance || 0 || (order ? order(entries[a]!, entries[b]!) : 0) || a - b;
  });
}

/** The unstated ones moved to the end, each group keeping its order, in place. */
function partition(matches: number[], unstated: Set<number>): void {
  const rest: number[] = [];
  let kept = 0;
  for (const i of matches) {
    if (unstated.has(i)) rest.push(i);
    else matches[kept++] = i;
  }
  for (const i of rest) matches[kept++] = i;
}
