import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { closeDb, getSql } from '../../src/data/db';
import { migrate } from '../../src/data/migrate';
import { takeSnapshot } from '../../src/publish/snapshot';
import { tempDir } from '../../tests/support/server';
import { generateListings } from './generate';

export interface BuildFigures {
  n: number;
  buildMs: number;
  peakMiB: number;
  floorMs: number;
  ratio: number;
  avgPageBytes: number;
}

/** A cold `astro build` of N generated trainings, and the floor: a plain script writing as many pages of the same size. */
export async function benchBuild(n: number): Promise<BuildFigures> {
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
    const outDir = path.join(dir, 'out');
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(path.join(dir, 'node_modules')))
      fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    const run = spawnSync(process.execPath, ['scripts/bench/astroBuildPeak.mjs'], {
      env: { ...process.env, OUT_DIR: outDir, ASTRO_CACHE_DIR: path.join(dir, 'cache'), SITE_DATA_FILE: dataFile },
      encoding: 'utf8',
    });
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    if (run.status !== 0) throw new Error(`build failed: ${run.stderr.slice(-2000)}`);
    const { ms, maxRssMiB } = JSON.parse(line) as { ms: number; maxRssMiB: number };

    const pagesDir = path.join(outDir, 'client', 'training');
    const pages = fs.readdirSync(pagesDir);
    const total = pages.reduce((sum, id) => sum + fs.statSync(path.join(pagesDir, id, 'index.html')).size, 0);
    const avgPageBytes = Math.round(total / pages.length);
    const floorMs = plainFloor(path.join(dir, 'floor'), n, avgPageBytes);
    return { n, buildMs: ms, peakMiB: maxRssMiB, floorMs, ratio: Number((ms / floorMs).toFixed(2)), avgPageBytes };
  } finally {
    await closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor (PERF-ANCHORS A7): render a template, mkdir, write, for every page, after removing the old output. */
function plainFloor(dir: string, n: number, bytes: number): number {
  writePlainPages(dir, n, bytes); // the previous output, which a rebuild removes first (A7: "rm old")
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
