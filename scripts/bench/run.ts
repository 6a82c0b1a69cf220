/**
 * `npm run bench`: every figure next to an anchor measured in the same run on this machine, as a
 * ratio, each anchor configured as its own docs advise. Results: bench/results/<date>.json and
 * docs/performance.md. `-- --quick` for a short run (N = 100 and 1,000, shorter load runs).
 */
import { prepareTestDatabase } from '../../tests/support/database';
import { tempDir } from '../../tests/support/server';
import { benchBuild } from './buildBench';
import { apiFigures, FACTS_FILTER_QUERY, NEAR_QUERY } from './apiFigures';
import { benchListing } from './listingFigures';
import { lighthouse } from './lighthouse';
import { benchSaveToLive } from './saveToLive';
import { benchScaleOut } from './scaleOut';
import { compareServing, findNginx, NGINX_ANCHOR, startNginx, startStaticFloor } from './servingBench';
import { findWrk, pinToCore, unpin } from './wrk';
import { writeReport } from './report';
import { compareServingWithBeacons } from './beaconServing';

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
    // The same rounds with the listing beacon posting to our server meanwhile (docs/product.md, Performance).
    log('static serving with the listing beacon beside it, N=100');
    results.servingWithBeacons = await compareServingWithBeacons(wrk, urls, paths, quick ? 3 : 5, seconds, ids);
    nginx.stop();
    floor.stop();
    unpin(server.child.pid!);
  });
  (results.listing as unknown[]).push(figures);
}

// 5. Public API at N=1000 on the embedded database and on PostgreSQL, against the in-memory floor,
// and the program-fact filters at N=5000.
log('public API, embedded database');
results.apiEmbedded = await apiFigures({}, { quick, wrk });
log('public API, program-fact filters, N=5000');
results.apiFacts = await apiFigures(
  {},
  { quick, wrk, n: 5000, filter: FACTS_FILTER_QUERY, near: NEAR_QUERY, eligibility: true },
);
if (postgres) {
  log('public API, PostgreSQL');
  process.env.TEST_DB_TARGET = 'postgres';
  const database = await prepareTestDatabase();
  try {
    results.apiPostgres = await apiFigures({ DATABASE_URL: database.url }, { quick, wrk });
  } finally {
    await database.drop();
  }
}

const file = writeReport(results);
log(`results written to ${file} and docs/performance.md`);
process.exit(0);
