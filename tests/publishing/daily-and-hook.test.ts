import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/db';
import * as trainings from '../../src/data/trainings';
import { readState } from '../../src/publish/state';
import { createTrainer, createTraining } from '../support/fixtures';
import { startIsolatedServer, publishedCount, type IsolatedServer } from '../support/isolated';
import { waitFor } from '../support/server';

describe('daily refresh', () => {
  let it: IsolatedServer;
  beforeAll(async () => {
    it = await startIsolatedServer({ REBUILD_DEBOUNCE_MS: '200' });
  });
  afterAll(async () => it?.stop());

  test('a site last published on an earlier day is rebuilt without any edit, so ended trainings leave the list', async () => {
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id, { title: 'Ends Soon', startsInDays: -2, days: 3 });
    await waitFor(async () => (await (await fetch(`${it.server.url}/`)).text()).includes('Ends Soon'));
    const before = publishedCount(it.server);

    // The training ends and the last publish is from yesterday: nobody edits anything.
    const sql = await getSql();
    await sql`update trainings set end_date = now() - interval '1 hour' where id = ${training.id}`;
    await sql`update publish_state set last_published_at = now() - interval '1 day'`;

    await waitFor(async () => publishedCount(it.server) > before, 30_000);
    await waitFor(async () => !(await (await fetch(`${it.server.url}/`)).text()).includes('Ends Soon'));
  });
});

describe('deploy hook', () => {
  let it: IsolatedServer;
  let hook: http.Server;
  const calls: string[] = [];
  let failuresLeft = 2;

  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      calls.push(`${req.method} ${req.url}`);
      res.statusCode = failuresLeft-- > 0 ? 503 : 200;
      res.end('{}');
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    const { port } = hook.address() as { port: number };
    it = await startIsolatedServer({
      REBUILD_DEBOUNCE_MS: '200',
      BUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/secret-token`,
    });
  });
  afterAll(async () => {
    await it?.stop();
    hook?.close();
  });

  test('with BUILD_HOOK_URL a change POSTs to the hook, retrying with backoff until it answers, instead of building', async () => {
    const trainer = await createTrainer();
    await createTraining(trainer.id, { title: 'Via Hook' });
    await waitFor(async () => calls.length >= 3, 30_000);
    await waitFor(
      async () => (await readState()).lastPublishedAt !== null && (await readState()).state === 'idle',
      30_000,
    );
    expect(calls.slice(0, 3)).toEqual(Array(3).fill('POST /build_hooks/secret-token'));
    expect((await readState()).lastError).toBeNull();
    expect(publishedCount(it.server)).toBe(0);
    expect(it.server.output()).toContain('deploy hook called');

    // The hook's URL stays on the server: a failure message names the status, never the URL.
    failuresLeft = 10;
    await trainings.update((await trainings.listAll())[0]!.id, { title: 'Hook Down' });
    await waitFor(async () => (await readState()).lastError !== null, 60_000);
    expect((await readState()).lastError).toContain('503');
    expect((await readState()).lastError).not.toContain('secret-token');
  });
});
