import { describe, expect, test } from 'vitest';
import { EMPTY_FILTERS } from './filterQuery';
import { emptyResultHelp } from './emptyResultHelp';

const alert = { label: 'Or hear of new ones', links: [{ href: '#alert-email', text: 'Email me when one is listed' }] };

describe('the empty result’s help', () => {
  test('an empty Oregon offers the online trainings and the neighbours that have some, most first', () => {
    const help = emptyResultHelp(
      { ...EMPTY_FILTERS, state: 'OR', license: 'social_worker' },
      { online: 8, state: { CA: 3, WA: 5, NV: 0, NY: 9 } },
    );
    expect(help).toEqual([
      {
        label: 'Online, from any state',
        links: [{ href: '/trainings?format=Virtual&license=social_worker', text: 'Virtual (8)' }],
      },
      {
        label: 'Nearby states with trainings',
        links: [
          { href: '/trainings?state=WA&license=social_worker', text: 'Washington (5)' },
          { href: '/trainings?state=CA&license=social_worker', text: 'California (3)' },
        ],
      },
      alert,
    ]);
  });

  test('no online line when online was already the filter, or none is open; the alert always', () => {
    expect(emptyResultHelp({ ...EMPTY_FILTERS, format: 'Virtual' }, { online: 3, state: {} })).toEqual([alert]);
    expect(emptyResultHelp({ ...EMPTY_FILTERS, state: 'OR' }, { online: 0, state: {} })).toEqual([alert]);
  });

  test('without a state there are no neighbours; a ZIP radius is dropped from the online link', () => {
    const help = emptyResultHelp({ ...EMPTY_FILTERS, near: '97201', radius: '25' }, { online: 2, state: {} });
    expect(help[0]!.links).toEqual([{ href: '/trainings?format=Virtual', text: 'Virtual (2)' }]);
    expect(help).toHaveLength(2);
  });

  test('at most four neighbours are offered', () => {
    const state = { AR: 1, IA: 1, IL: 1, KS: 1, KY: 1, NE: 1, OK: 1, TN: 1 };
    const nearby = emptyResultHelp({ ...EMPTY_FILTERS, state: 'MO' }, { state }).find((l) =>
      l.label.startsWith('Nearby'),
    );
    expect(nearby!.links.map((l) => l.text)).toEqual(['Arkansas (1)', 'Iowa (1)', 'Illinois (1)', 'Kansas (1)']);
  });
});
