import * as trainings from '../../src/data/trainings';
import { searchableText } from '../../src/domain/listing/filters';
import { TrigramIndex } from '../../src/domain/listing/trigramIndex';
import { load } from './http';
import { startApiFloor } from './servingBench';
import { withSite } from './siteServer';
import { pinToCore, unpin, wrkLoad } from './wrk';
import { roundRatios } from './stats';
import { interleavedRounds } from './interleave';

/**
 * The public API's filter and search against the in-memory floor (bare node:http answering the
 * same JSON serialised once), in alternating rounds. The search is as selective as the default
 * filter (one trainer's ten trainings at N=1000), so both answers are alike in size.
 */
const DEFAULT_FILTER = '/api/trainings?state=CA&format=Virtual';
const SEARCH = '/api/trainings?search=Trainer%2017%20Denver';
/** The program-fact filters (docs/product.md, Program facts): Basic Trainings APA approves, in California. */
export const FACTS_FILTER_QUERY = '/api/trainings?state=CA&ce=APA&type=basic';
/** Near me (docs/product.md): within 100 miles of a Denver ZIP code, nearest first. */
export const NEAR_QUERY = '/api/trainings?near=80202&radius=100&sort=distance';
/**
 * Who can attend (ADR 0045) as the list island asks for it (one page of cards with the counts, which
 * no answer cache keeps, so every request runs the filter over every row), against the state filter
 * alone asked the same way: a counselor in California who can take it now.
 */
const ISLAND_PAGE = 'page=1&limit=24&fields=card&counts=1';
export const STATE_ISLAND_QUERY = `/api/trainings?state=CA&${ISLAND_PAGE}`;
export const ELIGIBILITY_QUERY = `/api/trainings?state=CA&license=counselor&prereq=none&${ISLAND_PAGE}`;

export async function apiFigures(
  env: Record<string, string>,
  options: { quick: boolean; wrk: string | null; n?: number; filter?: string; near?: string; eligibility?: boolean },
) {
  const { quick, wrk, n = 1000 } = options;
  const queries = [options.filter ?? DEFAULT_FILTER, SEARCH];
  return withSite(n, env, async ({ server }) => {
    // In place of EXPLAIN (the search runs in memory, not in SQL): how many rows the index leaves to check.
    const published = await trainings.listPublished();
    const index = new TrigramIndex(published.map(searchableText));
    const searchRowsExamined = index.candidates(new URLSearchParams(queries[1]!.split('?')[1]).get('search')!)!.length;
    const rows = (await (await fetch(`${server.url}${queries[0]}`)).json()) as unknown[];
    pinToCore(server.child.pid!);
    const seconds = quick ? 3 : 5;
    const measure = (target: string, s = seconds) => (wrk ? wrkLoad(wrk, target, s) : load(target, s));
    // The floor runs in this process: it gets the server's core for its turns, then both cores back.
    const floor = await startApiFloor(rows);
    const onFloor = async (s: number) => {
      pinToCore(process.pid);
      try {
        return await measure(`${floor.url}/`, s);
      } finally {
        unpin(process.pid);
      }
    };
    // Rounds of alternating one-second slices: a neighbour's burst on this shared machine falls on
    // both sides alike (interleave.ts).
    await onFloor(seconds);
    await measure(`${server.url}${queries[0]}`, seconds);
    const { floor: floorRuns, filter: filterRuns } = await interleavedRounds(
      { floor: onFloor, filter: (s) => measure(`${server.url}${queries[0]}`, s) },
      quick ? 3 : 5,
      seconds,
    );
    floor.stop();
    const search = await measure(`${server.url}${queries[1]}`);
    // The first near request loads the ZIP table: one call before the measured one.
    let near: (typeof floorRuns)[number] | undefined;
    let nearRows = 0;
    if (options.near) {
      nearRows = ((await (await fetch(`${server.url}${options.near}`)).json()) as unknown[]).length;
      near = await measure(`${server.url}${options.near}`);
    }
    const rate = (r: { requestsPerSecond: number }) => r.requestsPerSecond;
    const byRate = (runs: typeof floorRuns) =>
      [...runs].sort((a, b) => rate(a) - rate(b))[Math.floor((runs.length - 1) / 2)]!;
    // The "I am a …" filter against the state filter, in rounds of slices taken in turn (interleave.ts).
    let eligibility: Record<string, unknown> | undefined;
    if (options.eligibility) {
      const total = (await fetch(`${server.url}${ELIGIBILITY_QUERY}`)).headers.get('x-total-count');
      const runs = await interleavedRounds(
        {
          state: (s) => measure(`${server.url}${STATE_ISLAND_QUERY}`, s),
          eligibility: (s) => measure(`${server.url}${ELIGIBILITY_QUERY}`, s),
        },
        quick ? 3 : 5,
        seconds,
      );
      const [state, who] = [byRate(runs.state), byRate(runs.eligibility)];
      eligibility = {
        query: ELIGIBILITY_QUERY,
        against: STATE_ISLAND_QUERY,
        matches: Number(total),
        state,
        eligibility: who,
        eligibilityToState: Number((state.requestsPerSecond / who.requestsPerSecond).toFixed(2)),
      };
    }
    const filter = byRate(filterRuns);
    const floorFigures = byRate(floorRuns);
    return {
      n,
      query: queries[0]!,
      floor: floorFigures,
      filter,
      search,
      filterToFloor: roundRatios(filterRuns.map(rate), floorRuns.map(rate)),
      searchToFilter: Number((filter.requestsPerSecond / search.requestsPerSecond).toFixed(2)),
      searchRowsExamined,
      rows: published.length,
      ...(near && {
        near: { query: options.near!, rows: nearRows, ...near },
        nearToFilter: Number((filter.requestsPerSecond / near.requestsPerSecond).toFixed(2)),
      }),
      ...(eligibility && { eligibility }),
    };
  });
}
