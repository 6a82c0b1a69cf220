/**
 * `npm run bench` (issue 8): every figure next to an anchor measured in the same run on this machine,
 * as a ratio. Results: bench/results/<date>.json and docs/performance.md. `-- --quick` for a short run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeDb, getSql } from '../../src/data/db';
import * as trainings from '../../src/data/trainings';
import { searchableText } from '../../src/domain/filters';
import { TrigramIndex } from '../../src/domain/trigramIndex';
import { sitePaths } from '../../src/publish/paths';
import { latestRequest, readSite } from '../../src/data/publishing';
import { siteIdentity } from '../../src/publish/siteIdentity';
import { prepareTestDatabase } from '../../tests/support/database';
import { startServer, tempDir, waitFor } from '../../tests/support/server';
import { benchBuild } from './buildBench';
import { generateListings } from './generate';
import { load } from './http';
import { pageWeight } from './pageWeight';
import { lighthouse } from './lighthouse';
import { benchSaveToLive } from './saveToLive';
import { findNginx, NGINX_ANCHOR, servingFigures, startApiFloor, startNginx } from './servingBench';
import { findWrk, pinToCore, unpin, wrkLoad } from './wrk';
import { writeReport } from './report';

const quick = process.argv.includes('--quick');
const seconds = quick ? 5 : 10;
const results: Record<string, unknown> = { date: new Date().toISOString(), quick, node: process.version };
const log = (m: string) => console.log(`[bench] ${m}`);

async function withServer<T>(
  n: number,
  env: Record<string, string>,
  body: (url: string, dataDir: string, ids: string[], pid: number) => Promise<T>,
): Promise<T> {
  const dataDir = tempDir('emdr-bench-');
  const server = await startServer({ dataDir, env: { SEED_DEMO: '0', REBUILD_DEBOUNCE_MS: '200', ...env } });
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = env.DATABASE_URL ?? '';
  try {
    const ids = await generateListings(await getSql(), n);
    await waitFor(async () => (await fetch(`${server.url}/training/${ids.at(-1)}`)).status === 200, 600_000, 500);
    // Measure a quiet server: no follow-up build still running in the background.
    await waitFor(
      async () => {
        const site = siteIdentity(sitePaths(dataDir));
        const [state, latest] = await Promise.all([readSite(site), latestRequest(site)]);
        return state.state === 'idle' && latest.id <= state.publishedRequestId;
      },
      600_000,
      500,
    );
    return await body(server.url, dataDir, ids, server.child.pid!);
  } finally {
    await closeDb();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// 1. Build: cold astro build vs the plain-script floor, with peak memory.
results.build = [];
for (const n of quick ? [100, 1000] : [100, 1000, 5000]) {
  log(`build N=${n}`);
  (results.build as unknown[]).push(await benchBuild(n, quick ? 1 : 3));
}

// 2. Save → live at N=1000 (and the demo data).
results.saveToLive = [];
for (const n of quick ? (['demo'] as const) : (['demo', 1000] as const)) {
  log(`save → live N=${n}`);
  (results.saveToLive as unknown[]).push(await benchSaveToLive(n, 5));
}

// 3 + 5. Static serving against nginx on the same published folder, one core each with wrk on the
// other; page weight of / and a training page.
const wrk = findWrk();
log('static serving and page weight, N=100');
await withServer(100, {}, async (url, dataDir, ids, pid) => {
  const client = path.join(fs.realpathSync(sitePaths(dataDir).current), 'client');
  const paths = ['/', `/training/${ids[0]}/`];
  results.pageWeight = { home: pageWeight(client, '/'), training: pageWeight(client, `/training/${ids[0]}`) };
  // The island data goal compares with the listing as plain JSON (the API's answer for no filter).
  results.listingJsonBytes = Buffer.byteLength(await (await fetch(`${url}/api/trainings`)).text());
  if (!wrk) {
    log('wrk could not be found or installed: no serving figures');
    return;
  }
  pinToCore(pid);
  const ours = await servingFigures(wrk, url, paths, seconds);
  const nginxBin = findNginx();
  let nginx = null;
  if (nginxBin) {
    const server = await startNginx(nginxBin, client, tempDir('emdr-nginx-'));
    server.pids.forEach((p) => pinToCore(p));
    nginx = await servingFigures(wrk, server.url, paths, seconds);
    server.stop();
  } else log('nginx could not be found or installed: no anchor for static serving');
  log('lighthouse, mobile and desktop');
  results.lighthouse = (['mobile', 'desktop'] as const).flatMap((formFactor) =>
    ['/', `/training/${ids[0]}`].map((page) => lighthouse(`${url}${page}`, formFactor)),
  );
  // An anchor that answered errors is no anchor (nginx must really serve the same files).
  const valid = nginx?.every((figures) => figures.non2xx === 0 && figures.errors === 0) ?? false;
  if (nginx && !valid) log('nginx answered errors: its figures are not used as the anchor');
  results.serving = {
    anchor: NGINX_ANCHOR,
    ours,
    nginx,
    ratios:
      nginx && valid
        ? ours.map((o, i) => Number((o.requestsPerSecond / nginx[i]!.requestsPerSecond).toFixed(2)))
        : null,
  };
});

// 4. Public API at N=1000 on the embedded database and on PostgreSQL, against the in-memory floor.
// A search as selective as the filter (one trainer's ten trainings), so both answers are alike in size.
const queries = ['/api/trainings?state=CA&format=Virtual', '/api/trainings?search=Trainer%2017%20Denver'];
async function apiFigures(env: Record<string, string>) {
  return withServer(1000, env, async (url, _dataDir, _ids, pid) => {
    // In place of EXPLAIN (the search runs in memory, not in SQL): how many rows the index leaves to check.
    const published = await trainings.listPublished();
    const index = new TrigramIndex(published.map(searchableText));
    const searchRowsExamined = index.candidates(new URLSearchParams(queries[1]!.split('?')[1]).get('search')!)!.length;
    const rows = await (await fetch(`${url}${queries[0]}`)).json();
    pinToCore(pid);
    const measure = (target: string) => (wrk ? wrkLoad(wrk, target, seconds) : load(target, seconds));
    // The floor runs in this process: it gets the server's core for its run, then both cores back.
    const floor = await startApiFloor(rows as unknown[]);
    pinToCore(process.pid);
    const floorFigures = await measure(`${floor.url}/`);
    unpin(process.pid);
    floor.stop();
    const filter = await measure(`${url}${queries[0]}`);
    const search = await measure(`${url}${queries[1]}`);
    return {
      floor: floorFigures,
      filter,
      search,
      filterToFloor: Number((filter.requestsPerSecond / floorFigures.requestsPerSecond).toFixed(2)),
      searchToFilter: Number((filter.requestsPerSecond / search.requestsPerSecond).toFixed(2)),
      searchRowsExamined,
      rows: published.length,
    };
  });
}
log('public API, embedded database');
results.apiEmbedded = await apiFigures({});
if (process.env.TEST_DATABASE_URL) {
  log('public API, PostgreSQL');
  process.env.TEST_DB_TARGET = 'postgres';
  const database = await prepareTestDatabase();
  try {
    results.apiPostgres = await apiFigures({ DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
} else log('TEST_DATABASE_URL not set: the PostgreSQL API figures are skipped');

const file = writeReport(results);
log(`results written to ${file} and docs/performance.md`);
process.exit(0);
