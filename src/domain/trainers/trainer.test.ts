import { describe, expect, test } from 'vitest';
import { TrainerInputSchema, formatStatesServed, parseStatesServed } from './trainer';

describe('trainer input', () => {
  test('states served: split on commas, trimmed, empties dropped, upper-cased; shown joined by ", "', () => {
    expect(parseStatesServed(' ca, ny,,TX , ')).toEqual(['CA', 'NY', 'TX']);
    expect(parseStatesServed('')).toEqual([]);
    expect(formatStatesServed(['CA', 'NY'])).toBe('CA, NY');
  });

  test('name and bio are required; the rest defaults to empty', () => {
    const parsed = TrainerInputSchema.parse({ name: 'Ann', bio: 'Bio' });
    expect(parsed).toEqual({
      name: 'Ann',
      // No slug: the database makes one from the name (docs/product.md, Trainer pages).
      slug: null,
      bio: 'Bio',
      credentials: null,
      photo: null,
      website: null,
      thinkificAffiliateUrl: null,
      statesServed: [],
    });
    const result = TrainerInputSchema.safeParse({ name: '', bio: '' });
    expect(result.success).toBe(false);
  });

  test('a slug is trimmed and lower-cased; a malformed or reserved one is refused', () => {
    expect(TrainerInputSchema.parse({ name: 'A', bio: 'B', slug: ' Ana-Lopez ' }).slug).toBe('ana-lopez');
    expect(TrainerInputSchema.parse({ name: 'A', bio: 'B', slug: '' }).slug).toBeNull();
    for (const slug of ['ana lopez', 'ana--lopez', 'page', 'ana/lopez'])
      expect(TrainerInputSchema.safeParse({ name: 'A', bio: 'B', slug }).success, slug).toBe(false);
  });

  test('every state served must be one of the 50 codes', () => {
    expect(TrainerInputSchema.safeParse({ name: 'A', bio: 'B', statesServed: ['CA', 'DC'] }).success).toBe(false);
    expect(TrainerInputSchema.parse({ name: 'A', bio: 'B', statesServed: ['ca', 'CA'] }).statesServed).toEqual(['CA']);
  });

  test('website and affiliate links must be http(s)', () => {
    expect(TrainerInputSchema.safeParse({ name: 'A', bio: 'B', website: 'javascript:alert(1)' }).success).toBe(false);
    expect(
      TrainerInputSchema.safeParse({ name: 'A', bio: 'B', thinkificAffiliateUrl: 'https://x.example/?ref=1' }).success,
    ).toBe(true);
  });
});
