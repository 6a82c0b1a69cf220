import { describe, expect, test } from 'vitest';
import { TrigramIndex } from './trigramIndex';

const texts = ['emdr basic training\ndenver, co', 'emdr for anxiety\nzoom', 'trainer 17 denver workshop', 'ab'];
const scan = (query: string) => texts.flatMap((text, row) => (text.includes(query.toLowerCase()) ? [row] : []));

describe('trigram index', () => {
  const index = new TrigramIndex(texts);

  test('its candidates include every row that contains the query, and few others', () => {
    for (const query of ['Denver', 'emdr', 'trainer 17 denver', 'zoom', 'nothing here', 'anxiety\nzoom']) {
      const candidates = index.candidates(query)!;
      expect(candidates).toEqual(expect.arrayContaining(scan(query)));
      expect(candidates.filter((row) => texts[row]!.includes(query.toLowerCase()))).toEqual(scan(query));
    }
    expect(index.candidates('trainer 17 denver')).toEqual([2]);
    expect(index.candidates('nothing here')).toEqual([]);
  });

  test('a query shorter than three characters does not use the index', () => {
    expect(index.candidates('ab')).toBeNull();
    expect(index.candidates('')).toBeNull();
  });
});

describe('a long search at 5,000 trainings', () => {
  const text = 'participants learn the eight phases of emdr therapy with supervised practicum in small groups';
  const rows = Array.from({ length: 5_000 }, (_, i) => `emdr training #${i}\n${`${text}. `.repeat(8)}`);
  const big = new TrigramIndex(rows);
  // 200 words that every row holds, in an order no row has: every trigram is common, none is rare.
  const words = text.split(' ').reverse();
  const query = Array.from({ length: 200 }, (_, i) => words[i % words.length]).join(' ');
  const search = (q: string) => (big.candidates(q) ?? []).filter((row) => rows[row]!.includes(q));

  test('costs a bounded amount of work, however many words it has, and stays exact', () => {
    expect(search(query)).toEqual([]);
    expect(search('emdr training #4999')).toEqual([4999]);
    const started = performance.now();
    for (let run = 0; run < 10; run++) search(query);
    // Intersecting every trigram of it took ~74 ms here; the capped work is a few milliseconds.
    expect((performance.now() - started) / 10).toBeLessThan(20);
  });
});
