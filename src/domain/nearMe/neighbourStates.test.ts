import { describe, expect, test } from 'vitest';
import { US_STATES } from '../states';
import { NEIGHBOUR_STATES, neighbourStates } from './neighbourStates';

describe('the neighbour-state table', () => {
  test('has every one of the 50 states and no other code', () => {
    expect(Object.keys(NEIGHBOUR_STATES).sort()).toEqual(US_STATES.map((s) => s.code).sort());
  });

  test('is symmetric: a state is its neighbour’s neighbour, and never its own', () => {
    for (const [code, neighbours] of Object.entries(NEIGHBOUR_STATES))
      for (const other of neighbours) {
        expect(other).not.toBe(code);
        expect(NEIGHBOUR_STATES[other], `${other} borders ${code}`).toContain(code);
      }
  });

  test('Oregon borders California, Idaho, Nevada and Washington; Hawaii borders none', () => {
    expect(neighbourStates('OR')).toEqual(['CA', 'ID', 'NV', 'WA']);
    expect(neighbourStates('HI')).toEqual([]);
    expect(neighbourStates('')).toEqual([]);
  });
});
