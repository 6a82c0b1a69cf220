/**
 * How many rounds a repeating test runs (docs/testing.md, "Stress is not CI"): CI runs a short
 * version, a stress script (package.json `stress:*`) sets the full count through the environment.
 */
export function roundsFromEnv(value: string | undefined, ciRounds: number): number {
  if (value === undefined || value === '') return ciRounds;
  const rounds = Number(value);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a whole number above 0, not "${value}"`);
  return rounds;
}
