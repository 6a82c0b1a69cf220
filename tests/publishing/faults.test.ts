import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeDb } from '../../src/data/database/db';
import * as trainings from '../../src/data/trainings';
import { sitePaths } from '../../src/publish';
import { createTrainer, createTraining } from '../support/fixtures';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { buildsOf, startedCount } from '../support/builds';
import { newestRequestId } from '../../src/data/publishing';
import { TEST_START } from '../support/testStart';

/** Real processes killed at the worst moments lose nothing and never break the live site. */
let it: IsolatedServer;
let current: RunningServer;

const fetchText = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
};

// Every build takes 1.5 s longer before it may go live: time enough to stop a server in the middle of one.
const SLOW_BUILDS = [TEST_START, '--slow-check', '1500'];

async function restart(): Promise<RunningServer> {
  // The data layer of this test joins the server's database; let go of it before the server goes.
  await closeDb();
  return startServer({ dataDir: it.dataDir, env: it.env, entry: SLOW_BUILDS });
}

beforeAll(async () => {
  it = await startIsolatedServer({ REBUILD_DEBOUNCE_MS: '100' }, SLOW_BUILDS);
  current = it.server;
});
afterAll(async () => {
  await closeDb();
  if (current !== it.server) await current.stop();
  await it?.stop();
});

describe('faults', () => {
  test('a server killed right after a save keeps the change after a restart', async () => {
    const trainer = await createTrainer({ name: 'Durable Trainer' });
    const training = await createTraining(trainer.id, { title: 'Saved Before The Crash' });
    await current.kill();
    current = await restart();
    expect((await trainings.findById(training.id))?.title).toBe('Saved Before The Crash');
    await waitFor(async () => (await fetchText(`${current.url}/training/${training.id}`)).status === 200, 90_000);
  });

  test('a server killed during a build leaves the live site intact and publishes the change after a restart', async () => {
    const trainer = await createTrainer();
    const before = await createTraining(trainer.id, { title: 'Live Before The Kill' });
    await waitFor(async () => (await fetchText(`${current.url}/training/${before.id}`)).status === 200, 90_000);
    const buildsSoFar = await startedCount(it.dataDir);

    const pending = await createTraining(trainer.id, { title: 'Pending During The Kill' });
    await waitFor(async () => (await startedCount(it.dataDir)) > buildsSoFar, 30_000, 20).catch((e) => {
      throw new Error(`${e}\n${current.output()}`);
    });
    await current.kill();

    const live = fs.realpathSync(sitePaths(it.dataDir).current);
    expect(fs.existsSync(path.join(live, 'client', 'index.html'))).toBe(true);
    expect(fs.existsSync(path.join(live, 'client', 'training', before.id, 'index.html'))).toBe(true);
    // Killed before its build went live.
    expect(fs.existsSync(path.join(live, 'client', 'training', pending.id, 'index.html'))).toBe(false);

    current = await restart();
    expect((await fetchText(`${current.url}/training/${before.id}`)).status).toBe(200);
    await waitFor(async () => (await fetchText(`${current.url}/training/${pending.id}`)).status === 200, 90_000);
  });

  test('SIGTERM during a build finishes the build, swaps cleanly and exits 0', async () => {
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id, { title: 'Built While Stopping' });
    // A build for the training's own request: the trainer's may start first, without the training.
    const request = await newestRequestId();
    await waitFor(async () => (await buildsOf(it.dataDir)).some((b) => b.requestId >= request), 30_000, 20);
    await closeDb();
    current.child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => current.child.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
    const live = fs.realpathSync(sitePaths(it.dataDir).current);
    expect(fs.existsSync(path.join(live, 'client', 'training', training.id, 'index.html'))).toBe(true);
    current = await restart();
    expect((await fetchText(`${current.url}/training/${training.id}`)).status).toBe(200);
  });
});
