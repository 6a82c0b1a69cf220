/**
 * An in-memory trigram index for the public search (a scan of every description per request was
 * the API's slowest path). A row can contain the query only if it contains every trigram of it, so
 * the candidates are the intersection of those trigrams' postings; the caller still checks each
 * candidate with a plain `includes`, so the answer is exactly the scan's.
 */

/**
 * At most this many postings are intersected, the rarest first. A long query has hundreds of
 * trigrams and intersecting them all cost ~74 ms of event loop at 5,000 trainings for a 200-word
 * search; any subset still gives a superset of the matches, and the rarest few already narrow it to
 * a handful of rows, so the work stays bounded whatever the query's length.
 */
export const MAX_INTERSECTED_TRIGRAMS = 6;

export class TrigramIndex {
  private readonly postings = new Map<string, number[]>();
  private rows = 0;

  /** `texts` are already lower-cased (see searchableText). */
  constructor(texts: readonly string[] = []) {
    for (const text of texts) this.add(text);
  }

  /** Indexes the next row (rows are numbered in the order they are added), already lower-cased. */
  add(text: string): void {
    const row = this.rows++;
    for (const gram of trigrams(text)) {
      const list = this.postings.get(gram);
      if (list) list.push(row);
      else this.postings.set(gram, [row]);
    }
  }

  /** Rows that may contain `query`, ascending; null when the query is too short for the index. */
  candidates(query: string): number[] | null {
    const grams = trigrams(query.toLowerCase());
    if (grams.size === 0) return null;
    const lists: number[][] = [];
    for (const gram of grams) {
      const list = this.postings.get(gram);
      if (!list) return [];
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let result = lists[0]!;
    for (const list of lists.slice(1, MAX_INTERSECTED_TRIGRAMS)) {
      if (result.length === 0) break;
      result = intersectSorted(result, list);
    }
    return result;
  }
}

/** Both lists ascending (rows are added in order): one merge pass, no hashing. */
function intersectSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}
