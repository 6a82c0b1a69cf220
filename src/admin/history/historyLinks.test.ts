import { describe, expect, test } from 'vitest';
import { historyLinks, readHistoryPageQuery, typeOptions } from './historyLinks';

const read = (query: string, canReadSecurity = true) =>
  readHistoryPageQuery(new URLSearchParams(query), canReadSecurity);

describe('the History page query', () => {
  test('owner and admins see everything by default; editors only the records, whatever the URL says', () => {
    expect(read('')).toEqual({ kind: 'all', type: '', actor: '', page: 1 });
    expect(read('kind=security&type=sign-in', false)).toEqual({ kind: 'records', type: '', actor: '', page: 1 });
    expect(typeOptions('records').map((group) => group.label)).toEqual(['Record changes']);
  });

  test('a type of the other kind, a bad member filter or page falls back to the default', () => {
    expect(read('kind=records&type=sign-in-failed').type).toBe('');
    expect(read('kind=security&type=sign-in-failed').type).toBe('sign-in-failed');
    expect(read('type=no-such-type').type).toBe('');
    expect(read('actor=robert').actor).toBe('');
    expect(read('actor=%20ed@team.example%20').actor).toBe('ed@team.example');
    expect(read('page=0').page).toBe(1);
    expect(read('page=3').page).toBe(3);
  });

  test('the API query, the CSV link and the page links carry the same filters', () => {
    const links = historyLinks({ kind: 'security', type: 'sign-in-failed', actor: 'a+b@x.org', page: 2 });
    expect(links.apiQuery).toBe('kind=security&type=sign-in-failed&actor=a%2Bb%40x.org&limit=50&page=2');
    expect(links.csvHref).toBe('/api/admin/changes.csv?kind=security&type=sign-in-failed&actor=a%2Bb%40x.org');
    expect(links.pageHref(1)).toBe('/admin/history?kind=security&type=sign-in-failed&actor=a%2Bb%40x.org');
    expect(links.pageHref(3)).toBe('/admin/history?kind=security&type=sign-in-failed&actor=a%2Bb%40x.org&page=3');
    expect(links.filtered).toBe(true);
  });
});
