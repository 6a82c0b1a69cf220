import { afterAll, beforeAll, expect, test } from 'vitest';
import * as trainings from '../../src/data/trainings';
import { createTrainer, createTraining } from '../support/fixtures';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { startServer, waitFor, type RunningServer } from '../support/server';

/** Issue 3: two server processes on one database and one DATA_DIR never build at the same time. */
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

/** Each build's start paired with the next end line of the same process (published, failed or aborted). */
function buildIntervals(output: string): [number, number][] {
  const intervals: [number, number][] = [];
  let open: number | null = null;
  for (const line of output.split('\n')) {
    const start = /build started at (\S+)/.exec(line);
    const end = /ended at (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)/.exec(line);
    if (start) {
      expect(open, 'a build started before the previous one of the same process ended').toBeNull();
      open = Date.parse(start[1]!);
    } else if (end && open !== null) {
      intervals.push([open, Date.parse(end[1]!)]);
      open = null;
    }
  }
  if (open !== null) intervals.push([open, Infinity]);
  return intervals;
}

test('two servers sharing one database publish every change, one build at a time', async () => {
  const trainer = await createTrainer();
  const training = await createTraining(trainer.id, { title: 'Shared 0' });
  for (let i = 1; i <= 4; i++) {
    await new Promise((r) => setTimeout(r, 700));
    await trainings.update(training.id, { title: `Shared ${i}` });
  }
  for (const server of [first.server, second]) {
    await waitFor(
      async () => (await (await fetch(`${server.url}/training/${training.id}`)).text()).includes('Shared 4'),
      120_000,
    );
  }
  await new Promise((r) => setTimeout(r, 1500));

  const intervals = [...buildIntervals(first.server.output()), ...buildIntervals(second.output())].sort(
    (a, b) => a[0] - b[0],
  );
  expect(intervals.length).toBeGreaterThanOrEqual(1);
  for (let i = 1; i < intervals.length; i++) {
    expect(intervals[i]![0], `build ${i} started before build ${i - 1} ended`).toBeGreaterThanOrEqual(
      intervals[i - 1]![1],
    );
  }
});
