/**
 * `npm run bench`: every figure next to an anchor measured in the same run on this machine, as a
 * ratio, each anchor configured as its own docs advise. Results: bench/results/<date>.json and
 * docs/performance.md. `-- --quick` for a short run (N = 100 and 1,000, shorter load runs).
 */
import * as trainings from '../../src/data/trainings';
import { searchableText } from '../../src/domain/filters';
import { TrigramIndex } from '../../src/domain/trigramIndex';
import { prepareTestDatabase } from '../../tests/support/database';
import { tempDir } from '../../tests/support/server';
import { benchBuild } from './buildBench';
import { load } from './http';
import { benchListing } from './listingFigures';
import { lighthouse } from './lighthouse';
import { benchSaveToLive } from './saveToLive';
import { benchScaleOut } from './scaleOut';
import { compareServing, findNginx, NGINX_ANCHOR, startApiFloor, startNginx, startStaticFloor } from './servingBench';
import { withSite } from './siteServer';
import { findWrk, pinToCore, unpin, wrkLoad } from './wrk';
import { writeReport } from './report';
import { roundRatios } from './stats';

const quick = process.argv.includes('--quick');
const sizes = quick ? [100, 1000] : [100, 1000, 5000];
const seconds = quick ? 3 : 5;
const results: Record<string, unknown> = { date: new Date().toISOString(), quick, node: process.version };
const log = (m: string) => console.log(`[bench] ${m}`);
const wrk = findWrk();
const postgres = Boolean(process.env.TEST_DATABASE_URL);

// 1. Build: cold astro build vs the plain-script floor, with peak memory.
results.build = [];
for (const n of sizes) {
  log(`build N=${n}`);
  (results.build as unknown[]).push(await benchBuild(n, quick ? 1 : 5));
}

// 2. Save → live: lone edits through the admin API until the page serves them.
results.saveToLive = [];
for (const n of sizes.filter((s) => s >= 1000)) {
  log(`save → live N=${n}`);
  (results.saveToLive as unknown[]).push(await benchSaveToLive(n, quick ? 6 : 20));
}

// 3. Two instances on one PostgreSQL, each with its own DATA_DIR, against one.
if (postgres) {
  log('save → live, two instances on one PostgreSQL, N=1000');
  process.env.TEST_DB_TARGET = 'postgres';
  results.scaleOut = await benchScaleOut(1000, quick ? 5 : 20);
} else log('TEST_DATABASE_URL not set: no scale-out figures');

// 4. The listing's weight and Lighthouse at each size; at N = 100 also static serving against
// nginx on the same published folder (one core each, wrk on the other) and desktop Lighthouse.
results.listing = [];
for (const n of sizes) {
  log(`listing weight and Lighthouse, N=${n}`);
  const figures = await benchListing(n, async ({ server, ids }, client) => {
    if (n !== 100) return;
    results.lighthouseDesktop = ['/', `/training/${ids[0]}`].map((page) =>
      lighthouse(`${server.url}${page}`, 'desktop'),
    );
    results.lighthouseTraining = lighthouse(`${server.url}/training/${ids[0]}`, 'mobile');
    const nginxBin = findNginx();
    if (!wrk || !nginxBin) return log('wrk or nginx could not be had: no serving figures');
    log('static serving against nginx, N=100');
    const nginx = await startNginx(nginxBin, client, tempDir('emdr-nginx-'));
    const paths = ['/', `/training/${ids[0]}`];
    const floor = await startStaticFloor(client, paths, server.url);
    for (const pid of [server.child.pid!, floor.pid, ...nginx.pids]) pinToCore(pid);
    const urls = { ours: server.url, anchor: nginx.url, floor: floor.url };
    results.serving = {
      anchor: `${NGINX_ANCHOR}${nginx.brotli ? '' : ' (brotli module not available: gzip_static only)'}`,
      comparisons: await compareServing(wrk, urls, paths, quick ? 3 : 5, seconds),
    };
    nginx.stop();
    floor.stop();
    unpin(server.child.pid!);
  });
  (results.listing as unknown[]).push(figures);
}

// 5. Public API at N=1000 on the embedded database and on PostgreSQL, against the in-memory floor.
// A search as selective as the filter (one trainer's ten trainings), so both answers are alike in size.
const queries = ['/api/trainings?state=CA&format=Virtual', '/api/trainings?search=Trainer%2017%20Denver'];
async function apiFigures(env: Record<string, string>) {
  return withSite(1000, env, async ({ server }) => {
    // In place of EXPLAIN (the search runs in memory, not in SQL): how many rows the index leaves to check.
    const published = await trainings.listPublished();
    const index = new TrigramIndex(published.map(searchableText));
    const searchRowsExamined = index.candidates(new URLSearchParams(queries[1]!.split('?')[1]).get('search')!)!.length;
    const rows = (await (await fetch(`${server.url}${queries[0]}`)).json()) as unknown[];
    pinToCore(server.child.pid!);
    const measure = (target: string) => (wrk ? wrkLoad(wrk, target, seconds) : load(target, seconds));
    // The floor runs in this process: it gets the server's core for its turns, then both cores back.
    const floor = await startApiFloor(rows);
    const onFloor = async () => {
      pinToCore(process.pid);
      try {
        return await measure(`${floor.url}/`);
      } finally {
        unpin(process.pid);
      }
    };
    // Alternating rounds: a neighbour's burst on this shared machine falls on both sides alike.
    const floorRuns: Awaited<ReturnType<typeof measure>>[] = [];
    const filterRuns: typeof floorRuns = [];
    await onFloor();
    await measure(`${server.url}${queries[0]}`);
    for (let round = 0; round < (quick ? 3 : 5); round++) {
      floorRuns.push(await onFloor());
      filterRuns.push(await measure(`${server.url}${queries[0]}`));
    }
    floor.stop();
    const search = await measure(`${server.url}${queries[1]}`);
    const rate = (r: { requestsPerSecond: number }) => r.requestsPerSecond;
    const byRate = (runs: typeof floorRuns) =>
      [...runs].sort((a, b) => rate(a) - rate(b))[Math.floor((runs.length - 1) / 2)]!;
    const filter = byRate(filterRuns);
    const floorFigures = byRate(floorRuns);
    return {
      floor: floorFigures,
      filter,
      search,
      filterToFloor: roundRatios(filterRuns.map(rate), floorRuns.map(rate)),
      searchToFilter: Number((filter.requestsPerSecond / search.requestsPerSecond).toFixed(2)),
      searchRowsExamined,
      rows: published.length,
    };
  });
}
log('public API, embedded database');
results.apiEmbedded = await apiFigures({});
if (postgres) {
  log('public API, PostgreSQL');
  process.env.TEST_DB_TARGET = 'postgres';
  const database = await prepareTestDatabase();
  try {
    results.apiPostgres = await apiFigures({ DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

const file = writeReport(results);
log(`results written to ${file} and docs/performance.md`);
process.exit(0);
