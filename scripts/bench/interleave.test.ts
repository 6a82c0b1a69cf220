import { describe, expect, test } from 'vitest';
import { interleavedRounds } from './interleave';

const figures = (requestsPerSecond: number, p99Ms = 1) => ({
  url: 'x',
  requestsPerSecond,
  p99Ms,
  errors: 0,
  non2xx: 0,
  requests: requestsPerSecond,
});

describe('interleavedRounds', () => {
  test('slices alternate between the sides, turning the order each slice', async () => {
    const calls: string[] = [];
    const side = (name: string) => async (seconds: number) => {
      calls.push(`${name}${seconds}`);
      return figures(100);
    };
    await interleavedRounds({ ours: side('o'), anchor: side('a') }, 2, 3);
    expect(calls).toEqual(['o1', 'a1', 'a1', 'o1', 'o1', 'a1', 'o1', 'a1', 'a1', 'o1', 'o1', 'a1']);
  });

  test("a round is its slices' mean rate and summed counts, one figure per round and side", async () => {
    const rates = { ours: [10, 20, 60, 1, 1, 1], anchor: [100, 100, 100, 50, 50, 50] };
    const next = (name: 'ours' | 'anchor') => async () => figures(rates[name].shift()!);
    const result = await interleavedRounds({ ours: next('ours'), anchor: next('anchor') }, 2, 3);
    expect(result.ours.map((r) => r.requestsPerSecond)).toEqual([30, 1]);
    expect(result.anchor.map((r) => r.requestsPerSecond)).toEqual([100, 50]);
    expect(result.ours[0]!.requests).toBe(90);
  });
});
