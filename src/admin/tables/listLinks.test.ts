import { describe, expect, test } from 'vitest';
import { listLinks } from './listLinks';

describe('admin table links', () => {
  const links = listLinks('/admin/trainings', { search: 'emdr', sort: 'price', page: 3 }, '-startDate');

  test('the active column flips its direction and a new sort starts at page 1', () => {
    expect(links.sortHref('price')).toBe('/admin/trainings?search=emdr&sort=-price');
    expect(links.sortHref('title')).toBe('/admin/trainings?search=emdr&sort=title');
  });

  test('page links keep the search and sort; clearing keeps only the sort', () => {
    expect(links.pageHref(1)).toBe('/admin/trainings?search=emdr&sort=price');
    expect(links.pageHref(4)).toBe('/admin/trainings?search=emdr&sort=price&page=4');
    expect(links.clearHref).toBe('/admin/trainings?sort=price');
    expect(listLinks('/admin/trainings', { sort: 'price' }, '-startDate').clearHref).toBeNull();
  });

  test('the API is always asked for a page', () => {
    expect(listLinks('/admin/trainers', {}, 'name').apiQuery).toBe('page=1');
  });
});
