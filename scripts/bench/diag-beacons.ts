/**
 * `npx tsx scripts/bench/diag-beacons.ts [N] [ROUNDS] [SECONDS]`: the beacon part of the bench alone
 * (docs/product.md, Performance): our server against the bare node:http floor on `/` and a training page, without and
 * then with the listing beacon's load (beaconLoad.ts) on our server, both pinned to one core, wrk on
 * the other. For checking the beacon's cost quickly, not a benchmark of record (`npm run bench` is).
 */
import path from 'node:path';
import { withSite } from './siteServer';
import { compareServing, startStaticFloor } from './servingBench';
import { compareServingWithBeacons } from './beaconServing';
import { findWrk, pinToCore } from './wrk';

const n = Number(process.argv[2] ?? 100);
const rounds = Number(process.argv[3] ?? 3);
const seconds = Number(process.argv[4] ?? 5);
const wrk = findWrk();
if (!wrk) throw new Error('wrk is needed');
const result = await withSite(n, { TRUST_PROXY: 'loopback' }, async ({ server, dataDir, ids }) => {
  const client = path.join(dataDir, 'site', 'current', 'client');
  const paths = ['/', `/training/${ids[0]}`];
  const floor = await startStaticFloor(client, paths, server.url);
  for (const pid of [server.child.pid!, floor.pid]) pinToCore(pid);
  const urls = { ours: server.url, anchor: floor.url };
  try {
    const without = await compareServing(wrk, urls, paths, rounds, seconds);
    const withBeacons = await compareServingWithBeacons(wrk, urls, paths, rounds, seconds, ids);
    const counted = await fetch(`${server.url}/readyz`).then((r) => r.status);
    return {
      readyz: counted,
      beacons: withBeacons.beacons,
      paths: paths.map((p, i) => ({
        path: p,
        without: without[i]!.anchorRatio,
        withBeacons: withBeacons.comparisons[i]!.anchorRatio,
      })),
    };
  } finally {
    floor.stop();
  }
});
console.log(JSON.stringify(result, null, 1));
process.exit(0);
