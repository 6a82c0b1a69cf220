/**
 * `npx tsx scripts/bench/diag-static.ts [N] [ROUNDS]`: the static part of the bench alone: our
 * server against the bare node:http floor (same bytes, same headers) on `/` and a training page,
 * both pinned to one core, wrk on the other, in alternating rounds of 5 s. CHILD_NODE_OPTIONS
 * reaches our server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), STATIC_FRONT=0 serves without the static
 * front (the server's whole process tree shares the one core); LIGHTHOUSE=1 first asks for the
 * whole list and runs Lighthouse on `/`, as `npm run bench` does before its serving rounds
 * (LIGHTHOUSE=api only asks for the list). For finding what our static path costs above Node's own,
 * not a benchmark of record.
 */
import path from 'node:path';
import { withSite } from './siteServer';
import { compareServing, startStaticFloor } from './servingBench';
import { findWrk, pinToCore } from './wrk';
import { lighthouse } from './lighthouse';

const n = Number(process.argv[2] ?? 100);
const rounds = Number(process.argv[3] ?? 3);
const wrk = findWrk();
if (!wrk) throw new Error('wrk is needed');
const result = await withSite(
  n,
  { NODE_OPTIONS: process.env.CHILD_NODE_OPTIONS ?? '' },
  async ({ server, dataDir, ids }) => {
    const client = path.join(dataDir, 'site', 'current', 'client');
    if (process.env.LIGHTHOUSE) {
      await (await fetch(`${server.url}/api/trainings`)).text();
      if (process.env.LIGHTHOUSE !== 'api') lighthouse(`${server.url}/`, 'mobile');
    }
    const paths = ['/', `/training/${ids[0]}`];
    const floor = await startStaticFloor(client, paths, server.url);
    for (const pid of [server.child.pid!, floor.pid]) pinToCore(pid);
    try {
      const comparisons = await compareServing(wrk, { ours: server.url, anchor: floor.url }, paths, rounds, 5);
      return comparisons.map((c) => ({ path: c.path, ours: c.oursRounds, floor: c.anchorRounds, ratio: c.ratio }));
    } finally {
      floor.stop();
    }
  },
);
console.log(JSON.stringify(result, null, 1));
process.exit(0);
