/**
 * `tsx scripts/bench/check-budgets.ts 5000`: generates N trainings in a fresh embedded database,
 * builds the site once, and checks the listing's byte budgets (budgets.ts) on `/`, every state page
 * and the list API's first page. Prints the figures; exits 1 when a budget breaks. One N per run:
 * the API's in-memory listing lives for the process and is keyed by the newest publish request id,
 * which two fresh databases share.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { closeDb, getSql } from '../../src/data/database/db';
import { migrate } from '../../src/data/database/migrate';
import { BUILD_ENV, BUILD_NODE_FLAGS, takeSnapshot } from '../../src/publish';
import { listingOutcome } from '../../src/services/publicListing';
import { tempDir } from '../../tests/support/server';
import {
  FIRST_PAGE_QUERY,
  WIDGET_BUDGET,
  gzipBytes,
  listingPages,
  overBudget,
  widgetFigures,
} from '../../tests/support/budgets';
import { generateListings } from '../../tests/support/generate';

async function check(n: number): Promise<string[]> {
  const dir = tempDir('emdr-budgets-');
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = '';
  try {
    await migrate(await getSql());
    await generateListings(await getSql(), n);
    const dataFile = path.join(dir, 'input.json');
    fs.writeFileSync(dataFile, JSON.stringify(await takeSnapshot()));
    const listBody = async (query: string) => {
      const outcome = await listingOutcome(new URLSearchParams(query));
      if ('refused' in outcome) throw new Error(`the list refused ${query}: ${outcome.refused.error}`);
      return outcome.list;
    };
    const api = await listBody(FIRST_PAGE_QUERY);
    const full = await listBody('page=1');
    // The build's server chunks resolve packages from the output's parents (as buildBench does).
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    const outDir = path.join(dir, 'out');
    const run = spawnSync(process.execPath, [...BUILD_NODE_FLAGS, 'scripts/bench/astroBuildPeak.mjs'], {
      env: {
        ...process.env,
        ...BUILD_ENV,
        OUT_DIR: outDir,
        ASTRO_CACHE_DIR: path.join(dir, 'cache'),
        SITE_DATA_FILE: dataFile,
      },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`build failed: ${run.stderr.slice(-2000)}`);
    const pages = listingPages(path.join(outDir, 'client'));
    const apiGzip = gzipBytes(api.body);
    const worst = (key: 'htmlGzip' | 'jsGzip' | 'islandPropsBytes') =>
      pages.reduce((max, p) => (p[key] > max[key] ? p : max), pages[0]!);
    const home = pages.find((p) => p.path === '/')!;
    console.log(
      `N=${n}: / HTML ${home.htmlGzip} B gzip, JS ${home.jsGzip} B gzip, props ${home.islandPropsBytes} B; ` +
        `${pages.length - 1} state pages, largest HTML ${worst('htmlGzip').htmlGzip} B gzip (${worst('htmlGzip').path}), ` +
        `largest JS ${worst('jsGzip').jsGzip} B gzip; API first page (cards + counts) ${apiGzip} B gzip ` +
        `(${Buffer.byteLength(api.body)} B raw), with every field ${gzipBytes(full.body)} B gzip`,
    );
    // The trainers' widget does not grow with N; checked here too, as everything a visitor downloads.
    const widget = widgetFigures(path.join(outDir, 'client'));
    const widgetProblems =
      widget.gzip > WIDGET_BUDGET.gzip ? [`/embed/v1.js: ${widget.gzip} B gzip > ${WIDGET_BUDGET.gzip}`] : [];
    return [...overBudget(pages, apiGzip), ...widgetProblems].map((problem) => `N=${n}: ${problem}`);
  } finally {
    await closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const n = Number(process.argv[2]);
if (!Number.isInteger(n) || n < 1 || process.argv.length > 3) {
  console.error('Usage: tsx scripts/bench/check-budgets.ts N (one number of trainings per run)');
  process.exit(2);
}
const problems = await check(n);
if (problems.length) console.error(problems.join('\n'));
process.exit(problems.length ? 1 : 0);
