import type { LoadFigures } from './http';

/** What a load generator reports; wrk adds how busy it was itself. */
type Figures = LoadFigures & { generatorCpu?: number; generatorSaturated?: boolean };

/** One side of a comparison: measures its server for the given seconds. */
export type Measure<T extends Figures> = (seconds: number) => Promise<T>;

/**
 * Rounds of `seconds` per side, each made of one-second slices taken in turn (ours, anchor, ours,
 * anchor…), so a round's figure for each side covers the same stretch of time. These shared machines
 * change speed by a third within seconds: with whole rounds in turn, the anchor's 5 s and ours fell
 * on different speeds and one run's ratio read 0.73 where the next read 0.94 for the same code.
 * A round's figure is the mean rate of its slices, its latency that of its middle slice.
 */
export async function interleavedRounds<Side extends string, T extends Figures>(
  sides: Record<Side, Measure<T>>,
  rounds: number,
  seconds: number,
  sliceSeconds = 1,
): Promise<Record<Side, T[]>> {
  const names = Object.keys(sides) as Side[];
  const result = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<Side, T[]>;
  const slices = Math.max(1, Math.round(seconds / sliceSeconds));
  for (let round = 0; round < rounds; round++) {
    const taken = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<Side, T[]>;
    for (let slice = 0; slice < slices; slice++) {
      // The order turns each slice, so neither side always runs right after the other.
      const order = slice % 2 === 0 ? names : [...names].reverse();
      for (const name of order) taken[name].push(await sides[name](sliceSeconds));
    }
    for (const name of names) result[name].push(combine(taken[name]));
  }
  return result;
}

function combine<T extends Figures>(slices: T[]): T {
  const byRate = [...slices].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = byRate[Math.floor((byRate.length - 1) / 2)]!;
  const sum = (pick: (s: T) => number) => slices.reduce((total, s) => total + pick(s), 0);
  return {
    ...middle,
    requestsPerSecond: Math.round(sum((s) => s.requestsPerSecond) / slices.length),
    requests: sum((s) => s.requests),
    errors: sum((s) => s.errors),
    non2xx: sum((s) => s.non2xx),
    ...(middle.generatorCpu !== undefined && {
      generatorCpu: Math.max(...slices.map((s) => s.generatorCpu ?? 0)),
      generatorSaturated: slices.some((s) => s.generatorSaturated),
    }),
  };
}
