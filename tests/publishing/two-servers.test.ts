import { afterAll, beforeAll, expect, test } from 'vitest';
import * as trainings from '../../src/data/trainings';
import { createTrainer, createTraining } from '../support/fixtures';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { buildsOf, untilQuiet } from '../support/builds';

/** Two server processes on one database and one DATA_DIR build once for both and never at the same time. */
let first: IsolatedServer;
let second: RunningServer;

beforeAll(async () => {
  first = await startIsolatedServer({ REBUILD_DEBOUNCE_MS: '200' });
  second = await startServer({ dataDir: first.dataDir, env: first.env });
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

test('two servers sharing one database publish every change, one build at a time', async () => {
  const trainer = await createTrainer();
  const training = await createTraining(trainer.id, { title: 'Shared 0' });
  for (let i = 1; i <= 4; i++) {
    // Edits spaced past the debounce, so each server's publisher sees separate changes: the spacing is under test.
    await new Promise((r) => setTimeout(r, 700));
    await trainings.update(training.id, { title: `Shared ${i}` });
  }
  for (const server of [first.server, second]) {
    await waitFor(
      async () => (await (await fetch(`${server.url}/training/${training.id}`)).text()).includes('Shared 4'),
      120_000,
    );
  }
  await untilQuiet(first.dataDir);

  // Both servers record their builds under the one site their shared DATA_DIR is.
  const intervals = (await buildsOf(first.dataDir)).map((b): [number, number] => [
    b.startedAt.getTime(),
    b.endedAt?.getTime() ?? Infinity,
  ]);
  expect(intervals.length).toBeGreaterThanOrEqual(1);
  for (let i = 1; i < intervals.length; i++) {
    expect(intervals[i]![0], `build ${i} started before build ${i - 1} ended`).toBeGreaterThanOrEqual(
      intervals[i - 1]![1],
    );
  }
});
