import { describe, expect, test } from 'vitest';
import { fieldChanges } from './review';

const live = { title: 'Basic Training', price: 1500 };

describe('the reviewer’s table (docs/product.md, Review queue)', () => {
  test('the reviewer sees only what changes, before and after', () => {
    expect(fieldChanges(live, { price: 1200, title: 'Basic Training' })).toEqual([
      { field: 'price', before: 1500, after: 1200 },
    ]);
    expect(fieldChanges(null, { price: 1200 })).toEqual([{ field: 'price', before: null, after: 1200 }]);
  });
});
