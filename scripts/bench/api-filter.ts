/**
 * `npx tsx scripts/bench/api-filter.ts [N] [query]`: the public API filter against its in-memory
 * floor at one size (default N = 5000 and the program-fact filters), with the near-me query and the
 * "I am a …" filter against the state filter (ADR 0045) on the same server, as `npm run bench`
 * measures it. BENCH_QUICK=1 takes shorter rounds.
 */
import { apiFigures, FACTS_FILTER_QUERY, NEAR_QUERY } from './apiFigures';
import { findWrk } from './wrk';

const n = Number(process.argv[2] ?? 5000);
const filter = process.argv[3] ?? FACTS_FILTER_QUERY;
const quick = process.env.BENCH_QUICK === '1';
console.log(
  JSON.stringify(await apiFigures({}, { quick, wrk: findWrk(), n, filter, near: NEAR_QUERY, eligibility: true })),
);
process.exit(0);
