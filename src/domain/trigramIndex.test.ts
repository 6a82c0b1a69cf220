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
