/** Small statistics helpers for the benchmarks. */
export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Rounds run alternately against an anchor: the ratio of each round, their median and spread. */
export interface RoundRatios {
  median: number;
  min: number;
  max: number;
  rounds: number[];
}

export function roundRatios(ours: number[], anchor: number[]): RoundRatios {
  const rounds = ours.map((value, i) => round(value / anchor[i]!));
  return { median: round(median(rounds)), min: Math.min(...rounds), max: Math.max(...rounds), rounds };
}

/** "0.82× (median of 5 rounds, 0.78–0.86)" */
export const ratioText = (r: RoundRatios) => `${r.median}× (median of ${r.rounds.length} rounds, ${r.min}–${r.max})`;
