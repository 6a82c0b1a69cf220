import { undecodedGet } from '../../tests/support/undecodedGet';
import { slowClientGrowth, type SlowClientFigures } from '../../tests/support/slowClients';
import { median, round } from './stats';

/**
 * A query string of junk must not make the public list cost more than asking it
 * plainly. Two figures on a running server:
 * - memory: `readers` clients that never read, each asking `/api/trainings?x={i}` with a junk
 *   value of its own, after the plain list was read by as many; the process tree's growth (goal at
 *   5,000 trainings: at most 64 MiB);
 * - time: `requests` requests of the whole list with `?x={i}` (a new value each) against as many
 *   plain ones, `concurrency` at a time, in alternating rounds; the ratio of the medians (goal: at
 *   most 1.2×).
 */
export interface JunkQueryFigures {
  memory: SlowClientFigures;
  requests: number;
  rounds: number;
  plainMs: number[];
  junkMs: number[];
  /** Median junk round over median plain round. */
  ratio: number;
}

/** Every target fetched and read whole, `concurrency` at a time; the elapsed milliseconds. */
async function timed(baseUrl: string, targets: string[], concurrency: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < targets.length) await undecodedGet(`${baseUrl}${targets[next++]!}`);
    }),
  );
  return performance.now() - started;
}

export async function junkQueryFigures(
  baseUrl: string,
  pid: number,
  { readers = 100, requests = 50, rounds = 5, concurrency = 5 } = {},
): Promise<JunkQueryFigures> {
  const memory = await slowClientGrowth(baseUrl, pid, readers, {
    warm: () => '/api/trainings',
    stalled: (i) => `/api/trainings?x=${i}`,
  });
  const plainMs: number[] = [];
  const junkMs: number[] = [];
  let junk = 0;
  for (let r = 0; r < rounds; r++) {
    const plain = Array.from({ length: requests }, () => '/api/trainings');
    const junked = Array.from({ length: requests }, () => `/api/trainings?x=${readers + junk++}`);
    // The order turns each round, so neither side always runs right after the other.
    const sides = r % 2 === 0 ? ([plain, junked] as const) : ([junked, plain] as const);
    for (const targets of sides) {
      const ms = await timed(baseUrl, targets, concurrency);
      (targets === plain ? plainMs : junkMs).push(Math.round(ms));
    }
  }
  return { memory, requests, rounds, plainMs, junkMs, ratio: round(median(junkMs) / median(plainMs)) };
}
