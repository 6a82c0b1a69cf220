import { describe, expect, test } from 'vitest';
import { itemListJsonLd, statePageDescription, statePageTitle, statePath, stateSlug } from './statePages';

describe('state pages', () => {
  test('a state page lives at its full name, lower-cased and hyphenated', () => {
    expect(statePath('CA')).toBe('/trainings/california');
    expect(stateSlug('NY')).toBe('new-york');
    expect(stateSlug('DC')).toBeUndefined();
  });

  test('its title, description and ItemList name what it lists', () => {
    expect(statePageTitle('California')).toBe('EMDR Trainings in California');
    expect(statePageDescription('Texas', 1)).toMatch(/^1 upcoming EMDR training in Texas:/);
    const site = new URL('https://emdr.example.com');
    const list = itemListJsonLd(
      'EMDR Trainings in Texas',
      `${site}trainings/texas`,
      [{ id: 'x', title: 'T' }],
      7,
      site,
    );
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 7 });
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, url: 'https://emdr.example.com/training/x', name: 'T' },
    ]);
  });
});
