/**
 * An in-memory trigram index for the public search (issue 8: search within 2× the filter query, not
 * a scan of every description). A row can contain the query only if it contains every trigram of
 * it, so the candidates are the intersection of those trigrams' postings; the caller still checks
 * each candidate with a plain `includes`, so the answer is exactly the scan's.
 */
export class TrigramIndex {
  private readonly postings = new Map<string, number[]>();

  /** `texts` are already lower-cased (see searchableText). */
  constructor(texts: readonly string[]) {
    texts.forEach((text, row) => {
      for (const gram of trigrams(text)) {
        const list = this.postings.get(gram);
        if (list) list.push(row);
        else this.postings.set(gram, [row]);
      }
    });
  }

  /** Rows that may contain `query`, ascending; null when the query is too short for the index. */
  candidates(query: string): number[] | null {
    const grams = [...trigrams(query.toLowerCase())];
    if (grams.length === 0) return null;
    const lists = grams.map((gram) => this.postings.get(gram) ?? []).sort((a, b) => a.length - b.length);
    let result = lists[0]!;
    for (const list of lists.slice(1)) {
      if (result.length === 0) break;
      const other = new Set(list);
      result = result.filter((row) => other.has(row));
    }
    return result;
  }
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}
