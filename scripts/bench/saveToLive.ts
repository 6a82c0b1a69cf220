import fs from 'node:fs';
import path from 'node:path';
import { closeDb, getSql } from '../../src/data/db';
import * as trainings from '../../src/data/trainings';
import { takeSnapshot } from '../../src/publish/snapshot';
import { runAstroBuild } from '../../src/publish/astroBuild';
import { startServer, tempDir, waitFor } from '../../tests/support/server';
import { adminClient } from '../../tests/support/adminClient';
import { generateListings } from './generate';
import { median, percentile } from './stats';

export interface SaveToLiveResult {
  n: number;
  runs: number[];
  medianMs: number;
  p95Ms: number;
  rendered: number;
  restored: number;
  coldBuildMs: number;
  ratioToColdBuild: number;
}

/**
 * Save → live (issues 3 and 8): edit one training through the admin API of a running server and
 * time until its page serves the new title; compared with a cold full build of the same site.
 */
export async function benchSaveToLive(n: number | 'demo', runs = 5): Promise<SaveToLiveResult> {
  const dataDir = tempDir('emdr-bench-');
  const password = `bench-${process.pid}-${Date.now()}`;
  const server = await startServer({
    dataDir,
    env: {
      SEED_DEMO: n === 'demo' ? '1' : '0',
      REBUILD_DEBOUNCE_MS: '1000',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: password,
    },
  });
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = '';
  try {
    const sql = await getSql();
    if (n !== 'demo') await generateListings(sql, n);
    const ids = (await trainings.listAll()).map((t) => t.id);
    const target = ids[Math.floor(ids.length / 2)]!;
    const pageUrl = `${server.url}/training/${target}`;
    await waitFor(async () => (await fetch(pageUrl)).status === 200, 600_000, 250);
    await new Promise((r) => setTimeout(r, 3000));

    const admin = await adminClient(server.url, 'bench@example.com', password);
    const times: number[] = [];
    for (let i = 1; i <= runs; i++) {
      const title = `Benchmark edit ${i} ${Date.now()}`;
      const started = performance.now();
      const saved = await admin.call('PATCH', `/api/admin/trainings/${target}`, { title });
      if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
      await waitFor(async () => (await (await fetch(pageUrl)).text()).includes(title), 600_000, 25);
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 1500));
    }
    const last =
      server
        .output()
        .trim()
        .split('\n')
        .filter((l) => l.includes('publisher: published'))
        .at(-1) ?? '';
    const rendered = Number(last.match(/(\d+) rendered/)?.[1] ?? NaN);
    const restored = Number(last.match(/(\d+) restored/)?.[1] ?? NaN);

    // The anchor: a full cold build of the same site (fresh cache, nothing to restore).
    const coldDir = tempDir('emdr-bench-cold-');
    const dataFile = path.join(coldDir, 'input.json');
    fs.writeFileSync(dataFile, JSON.stringify(await takeSnapshot()));
    const cold = await runAstroBuild({
      outDir: path.join(coldDir, 'out'),
      dataFile,
      cacheDir: path.join(coldDir, 'cache'),
      logFile: path.join(coldDir, 'log'),
    });
    fs.rmSync(coldDir, { recursive: true, force: true });
    if (!cold.ok) throw new Error(`cold build failed: ${cold.log.slice(-2000)}`);

    const medianMs = median(times);
    return {
      n: n === 'demo' ? ids.length : n,
      runs: times.map(Math.round),
      medianMs: Math.round(medianMs),
      p95Ms: Math.round(percentile(times, 95)),
      rendered,
      restored,
      coldBuildMs: cold.ms,
      ratioToColdBuild: Number((medianMs / cold.ms).toFixed(2)),
    };
  } finally {
    await closeDb();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
