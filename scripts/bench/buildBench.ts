import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { closeDb, getSql } from '../../src/data/database/db';
import { migrate } from '../../src/data/database/migrate';
import { BUILD_ENV, BUILD_NODE_FLAGS, takeSnapshot } from '../../src/publish';
import { tempDir } from '../../tests/support/server';
import { generateListings } from '../../tests/support/generate';
import { median, round } from './stats';

export interface BuildFigures {
  n: number;
  /** Medians over the rounds; the ratio is median build / median floor. */
  buildMs: number;
  floorMs: number;
  ratio: number;
  /** The highest peak of any round. */
  peakMiB: number;
  avgPageBytes: number;
  rounds: { buildMs: number; floorMs: number; peakMiB: number }[];
}

/**
 * A cold `astro build` of N generated trainings, and the floor: a plain script writing as many pages
 * of the same size. The floor is mostly disk time, which swings several-fold on these shared machines
 * within minutes, so each round runs the floor right before a build and the figures are medians.
 */
export async function benchBuild(n: number, rounds = 3): Promise<BuildFigures> {
  const dir = tempDir('emdr-build-bench-');
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = '';
  try {
    const sql = await getSql();
    await migrate(sql);
    await generateListings(sql, n);
    const dataFile = path.join(dir, 'input.json');
    fs.writeFileSync(dataFile, JSON.stringify(await takeSnapshot()));
    await closeDb();
    if (!fs.existsSync(path.join(dir, 'node_modules')))
      fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    const outDir = path.join(dir, 'out');
    let avgPageBytes = 0;
    const runs: BuildFigures['rounds'] = [];
    for (let round = 0; round < rounds; round++) {
      // The first floor round needs a page size: take it from a build of the same data. Each timed
      // part starts with the disk's dirty pages written out, so neither pays for the other's writes.
      const floorMs = avgPageBytes ? plainFloor(path.join(dir, 'floor'), n, avgPageBytes) : 0;
      flushDisk();
      const build = coldBuild(dir, outDir, dataFile);
      avgPageBytes = averagePageBytes(outDir);
      runs.push({ ...build, floorMs: floorMs || plainFloor(path.join(dir, 'floor'), n, avgPageBytes) });
    }
    const buildMs = median(runs.map((r) => r.buildMs));
    const floorMs = median(runs.map((r) => r.floorMs));
    return {
      n,
      buildMs,
      floorMs,
      ratio: round(buildMs / floorMs),
      peakMiB: Math.max(...runs.map((r) => r.peakMiB)),
      avgPageBytes,
      rounds: runs,
    };
  } finally {
    await closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One build from nothing: no previous output, no incremental cache. */
function coldBuild(dir: string, outDir: string, dataFile: string): { buildMs: number; peakMiB: number } {
  const cacheDir = path.join(dir, 'cache');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
  const run = spawnSync(process.execPath, [...BUILD_NODE_FLAGS, 'scripts/bench/astroBuildPeak.mjs'], {
    env: { ...process.env, ...BUILD_ENV, OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir, SITE_DATA_FILE: dataFile },
    encoding: 'utf8',
  });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0) throw new Error(`build failed: ${run.stderr.slice(-2000)}`);
  const { ms, maxRssMiB } = JSON.parse(line) as { ms: number; maxRssMiB: number };
  return { buildMs: ms, peakMiB: maxRssMiB };
}

/** Writes out what the file system holds in memory (`sync`), so the next timed part starts even. */
function flushDisk(): void {
  spawnSync('sync');
}

function averagePageBytes(outDir: string): number {
  const pagesDir = path.join(outDir, 'client', 'training');
  const pages = fs.readdirSync(pagesDir);
  const total = pages.reduce((sum, id) => sum + fs.statSync(path.join(pagesDir, id, 'index.html')).size, 0);
  return Math.round(total / pages.length);
}

/** The floor: render a template, mkdir, write, for every page, after removing the old output. */
function plainFloor(dir: string, n: number, bytes: number): number {
  writePlainPages(dir, n, bytes); // the previous output, which a rebuild removes first (A7: "rm old")
  flushDisk();
  const started = performance.now();
  fs.rmSync(dir, { recursive: true, force: true });
  writePlainPages(dir, n, bytes);
  const ms = performance.now() - started;
  fs.rmSync(dir, { recursive: true, force: true });
  return Math.round(ms);
}

function writePlainPages(dir: string, n: number, bytes: number): void {
  const filler = 'x'.repeat(Math.max(0, bytes - 200));
  for (let i = 0; i < n; i++) {
    const page = `<!doctype html><html lang="en"><head><title>Training ${i}</title></head><body><h1>Training ${i}</h1><p>${filler}</p></body></html>`;
    fs.mkdirSync(path.join(dir, 'training', String(i)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'training', String(i), 'index.html'), page);
  }
}
