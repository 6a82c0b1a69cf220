import { EMPTY_FILTERS } from './filterQuery';
import { describe, expect, test } from 'vitest';
import { listingApiQuery, pagerItems, viewFromUrl, viewToQuery } from './listingView';

describe('the list view in the URL', () => {
  test('defaults are left out, and a view reads back from its own query', () => {
    const view = viewFromUrl('?state=ca&sort=price-desc&page=3&limit=12');
    expect(view).toEqual({
      filters: { ...EMPTY_FILTERS, state: 'CA' },
      sort: 'price-desc',
      page: 3,
      limit: 12,
    });
    expect(viewToQuery(view)).toBe('state=CA&sort=price-desc&limit=12&page=3');
    expect(viewFromUrl(`?${viewToQuery(view)}`)).toEqual(view);
    expect(viewToQuery(viewFromUrl('?sort=soonest&page=1&limit=24'))).toBe('');
    const more = viewFromUrl('?ce=APA&ce=NBCC&type=basic&lang=es&priceMax=1500&disclosed=1');
    expect(viewToQuery(more)).toBe('ce=APA%2CNBCC&type=basic&lang=es&priceMax=1500&disclosed=1');
    expect(viewFromUrl(`?${viewToQuery(more)}`)).toEqual(more);
  });

  test('unknown or out-of-range values fall back to the defaults', () => {
    for (const query of [
      '?page=0&limit=0&sort=drop',
      '?page=-1&limit=100000',
      '?page=1.5&limit=abc',
      '?page=9999999',
    ]) {
      const view = viewFromUrl(query);
      expect([view.page, view.limit, view.sort]).toEqual([1, 24, 'soonest']);
    }
  });

  test('a state page leaves its own state out of the query', () => {
    const view = viewFromUrl('?page=2', { state: 'CA' });
    expect(view.filters.state).toBe('CA');
    expect(viewToQuery(view, { state: 'CA' })).toBe('page=2');
    expect(listingApiQuery(view)).toBe('state=CA&page=2&limit=24&fields=card&counts=1');
  });

  test('the pager shows the first, the last and the neighbours of the current page', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pagerItems(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pagerItems(10, 10)).toEqual([1, null, 9, 10]);
  });
});
