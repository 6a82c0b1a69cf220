import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { listBuilds, newestRequestId, readSite } from '../../src/data/publishing';
import * as trainings from '../../src/data/trainings';
import { DEPLOY_HOOK_SITE } from '../../src/publish';
import { createTrainer, createTraining } from '../support/fixtures';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { buildsOf, progressOf, publishedCount, siteOf, untilSiteQuiet } from '../support/builds';
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
    await waitFor(async () => (await (await fetch(`${it.server.url}/`)).text()).includes('Ends Soon'), 120_000);
    // Nothing else in flight: a build still running could reset the last publish time.
    await waitFor(async () => {
      const progress = await progressOf(it.dataDir);
      return progress.state === 'idle' && progress.publishedRequestId >= (await newestRequestId());
    }, 60_000);
    const dailyBuilds = async () =>
      (await buildsOf(it.dataDir)).filter((b) => b.kind === 'daily' && b.outcome === 'published').length;
    expect(await dailyBuilds()).toBe(0);

    // The training ends and the last publish is from yesterday: nobody edits anything.
    const sql = await getSql();
    await sql`update trainings set end_date = now() - interval '1 hour' where id = ${training.id}`;
    await sql`update publish_sites set last_published_at = now() - interval '1 day' where site_id = ${siteOf(it.dataDir)}`;

    await waitFor(async () => (await dailyBuilds()) === 1, 120_000);
    await waitFor(async () => !(await (await fetch(`${it.server.url}/`)).text()).includes('Ends Soon'));
  });
});

describe('deploy hook', () => {
  let it: IsolatedServer;
  let hook: http.Server;
  const calls: string[] = [];
  let failuresLeft = 2;
  const hookSite = () => readSite(DEPLOY_HOOK_SITE);

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
      BUILD_HOOK_DEBOUNCE_MS: '1500',
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
      async () => (await hookSite()).lastPublishedAt !== null && (await hookSite()).state === 'idle',
      30_000,
    );
    expect(calls.slice(0, 3)).toEqual(Array(3).fill('POST /build_hooks/secret-token'));
    expect((await hookSite()).lastError).toBeNull();
    expect(await publishedCount(it.dataDir)).toBe(0);
    expect((await listBuilds(DEPLOY_HOOK_SITE)).at(-1)).toMatchObject({ kind: 'hook', outcome: 'published' });

    // The hook's URL stays on the server: a failure message names the status, never the URL.
    failuresLeft = 10;
    await trainings.update((await trainings.listAll())[0]!.id, { title: 'Hook Down' });
    await waitFor(async () => (await hookSite()).lastError !== null, 60_000);
    expect((await hookSite()).lastError).toContain('503');
    expect((await hookSite()).lastError).not.toContain('secret-token');
  });

  test('a burst of edits waits for the hook quiet period and calls the hook once', async () => {
    failuresLeft = 0;
    const before = calls.length;
    const training = (await trainings.listAll())[0]!;
    for (let i = 1; i <= 4; i++) {
      await trainings.update(training.id, { title: `Hook Burst ${i}` });
      // Edits within the hook's quiet period of each other: the burst is the thing under test.
      await new Promise((r) => setTimeout(r, 500));
    }
    await waitFor(async () => calls.length > before, 30_000);
    // Every change handled, and the site idle: still one call for the whole burst.
    await untilSiteQuiet(DEPLOY_HOOK_SITE, 30_000);
    expect(calls.length - before).toBe(1);
    expect((await hookSite()).lastError).toBeNull();
  });
});
