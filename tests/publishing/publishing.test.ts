import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as trainings from '../../src/data/trainings';
import { sitePaths, liveBuildId } from '../../src/publish';
import { createTrainer, createTraining } from '../support/fixtures';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { abortedCount, buildsOf, progressOf, publishedCount, untilLone, untilQuiet } from '../support/builds';
import { waitFor } from '../support/server';
import { adminClient } from '../support/adminClient';
import { TEST_START } from '../support/testStart';

/** The public site follows the database through real builds, swaps and failures. */
let it: IsolatedServer;
let rejectFile: string;
const DEBOUNCE_MS = 1500;
/** Until the change before is published and the debounce is over: the next change is a lone one. */
const untilLoneChange = () => untilLone(it.dataDir, DEBOUNCE_MS);

const page = async (p: string) => {
  const response = await fetch(`${it.server.url}${p}`);
  return { status: response.status, body: await response.text() };
};
const untilPublishedAfter = (before: number) =>
  waitFor(async () => (await publishedCount(it.dataDir)) > before, 90_000);

beforeAll(async () => {
  // A debounce wide enough that the burst test's second save, sent once the first build has started,
  // still falls inside it on a loaded 2-core CI machine (at 400 ms it once arrived too late).
  rejectFile = path.join(process.env.TMPDIR ?? '/tmp', `emdr-reject-${process.pid}-${Date.now()}`);
  it = await startIsolatedServer({ REBUILD_DEBOUNCE_MS: String(DEBOUNCE_MS) }, [
    TEST_START,
    '--reject-while',
    rejectFile,
  ]);
});
afterAll(async () => {
  fs.rmSync(rejectFile, { force: true });
  await it?.stop();
});

describe('publishing', () => {
  test('a new published training gets its page and a place on the home page; unpublished or deleted it is gone', async () => {
    const trainer = await createTrainer({ name: 'Dr. Publish Me' });
    const kept = await createTraining(trainer.id, { title: 'Freshly Published Training' });
    const doomed = await createTraining(trainer.id, { title: 'Soon Deleted Training' });

    await waitFor(async () => (await page(`/training/${kept.id}`)).status === 200);
    expect((await page(`/training/${kept.id}`)).body).toContain('Freshly Published Training');
    await waitFor(async () => (await page('/')).body.includes('Soon Deleted Training'));
    expect((await page('/')).body).toContain('Freshly Published Training');

    await trainings.update(kept.id, { isPublished: false });
    await trainings.remove(doomed.id);
    await waitFor(async () => (await page(`/training/${kept.id}`)).status === 404);
    expect((await page(`/training/${doomed.id}`)).status).toBe(404);
    const home = (await page('/')).body;
    expect(home).not.toContain('Freshly Published Training');
    expect(home).not.toContain('Soon Deleted Training');
  });

  test('ten rapid edits are published by at most two builds and the page shows the last edit', async () => {
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id, { title: 'Edit 0' });
    await waitFor(async () => (await page(`/training/${training.id}`)).status === 200);
    await untilLoneChange();
    const before = await publishedCount(it.dataDir);

    for (let i = 1; i <= 10; i++) await trainings.update(training.id, { title: `Edit ${i}` });

    await waitFor(async () => (await page(`/training/${training.id}`)).body.includes('Edit 10'));
    await untilQuiet(it.dataDir);
    expect((await publishedCount(it.dataDir)) - before).toBeGreaterThanOrEqual(1);
    expect((await publishedCount(it.dataDir)) - before).toBeLessThanOrEqual(2);
    expect((await progressOf(it.dataDir)).state).toBe('idle');
  });

  test('a lone change is built at once; changes following within the debounce wait for quiet and cost one more build', async () => {
    const admin = await adminClient(it.server.url, it.env.ADMIN_EMAIL, it.env.ADMIN_PASSWORD);
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id, { title: 'Burst 0' });
    await waitFor(async () => (await page(`/training/${training.id}`)).status === 200);
    await untilLoneChange();

    // Alone: published by one build, nothing aborted.
    let published = await publishedCount(it.dataDir);
    let aborted = await abortedCount(it.dataDir);
    expect((await admin.call('PATCH', `/api/admin/trainings/${training.id}`, { title: 'Alone 1' })).status).toBe(200);
    await waitFor(async () => (await page(`/training/${training.id}`)).body.includes('Alone 1'));
    await untilLoneChange();
    expect((await publishedCount(it.dataDir)) - published).toBe(1);
    expect(await abortedCount(it.dataDir)).toBe(aborted);

    // A burst of three, 300 ms apart: the first is built at once (and aborted if that build is still
    // running when the next arrives); the rest wait for quiet and are published by one build.
    published = await publishedCount(it.dataDir);
    aborted = await abortedCount(it.dataDir);
    for (const title of ['Burst 1', 'Burst 2', 'Burst 3']) {
      expect((await admin.call('PATCH', `/api/admin/trainings/${training.id}`, { title })).status).toBe(200);
      // The spacing of a burst is the thing under test: each change within the debounce of the last.
      await new Promise((r) => setTimeout(r, 300));
    }
    await waitFor(async () => (await page(`/training/${training.id}`)).body.includes('Burst 3'));
    await untilQuiet(it.dataDir);
    const builds = (await publishedCount(it.dataDir)) - published;
    const abortedNow = (await abortedCount(it.dataDir)) - aborted;
    expect(builds + abortedNow).toBe(2);
    expect(builds).toBeGreaterThanOrEqual(1);
    expect((await progressOf(it.dataDir)).state).toBe('idle');
  });

  test('a rejected build leaves every published page as it was and shows its error; the next change retries', async () => {
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id, { title: 'Stable Title' });
    await waitFor(async () => (await page(`/training/${training.id}`)).status === 200);
    await untilLoneChange();
    const livePage = (await page(`/training/${training.id}`)).body;
    const liveHome = (await page('/')).body;

    fs.writeFileSync(rejectFile, 'reject');
    await trainings.update(training.id, { title: 'Title That Must Not Go Live' });
    await waitFor(async () => (await progressOf(it.dataDir)).lastError?.includes('rejected') ?? false, 90_000);

    expect((await page(`/training/${training.id}`)).body).toBe(livePage);
    expect((await page('/')).body).toBe(liveHome);
    const failed = (await buildsOf(it.dataDir)).filter((b) => b.outcome === 'failed');
    expect(failed.at(-1)?.error).toContain('rejected by the checker');

    fs.rmSync(rejectFile);
    await trainings.update(training.id, { title: 'Title After Recovery' });
    await waitFor(async () => (await page(`/training/${training.id}`)).body.includes('Title After Recovery'), 90_000);
    // The page is swapped in just before the success is recorded.
    await waitFor(async () => (await progressOf(it.dataDir)).lastError === null, 10_000);
  });

  test('while a rebuild runs, every request gets a whole page and no error', async () => {
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id, { title: 'Under Load' });
    await waitFor(async () => (await page(`/training/${training.id}`)).status === 200);
    await untilLoneChange();
    const before = await publishedCount(it.dataDir);

    const seen: string[] = [];
    let stop = false;
    const loop = (async () => {
      for (let i = 0; i < 5000 && !stop; i++) {
        for (const p of ['/', `/training/${training.id}`]) {
          const { status, body } = await page(p);
          seen.push(status === 200 && body.trimEnd().endsWith('</html>') ? 'ok' : `${p} ${status} ${body.length}`);
        }
      }
    })();
    await trainings.update(training.id, { title: 'Under Load, Edited' });
    await untilPublishedAfter(before);
    await waitFor(async () => (await page(`/training/${training.id}`)).body.includes('Under Load, Edited'), 90_000);
    stop = true;
    await loop;

    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((s) => s !== 'ok')).toEqual([]);
    expect((await page(`/training/${training.id}`)).body).toContain('Under Load, Edited');
  });

  test('after editing one training of many, every other training page is byte-identical to the previous build', async () => {
    const trainer = await createTrainer({ name: 'Many Pages' });
    const many: Awaited<ReturnType<typeof createTraining>>[] = [];
    for (let i = 0; i < 12; i++)
      many.push(await createTraining(trainer.id, { title: `Page ${i}`, startsInDays: 20 + i }));
    await waitFor(async () => (await page(`/training/${many.at(-1)!.id}`)).status === 200);
    await untilLoneChange();
    const paths = sitePaths(it.dataDir);
    const first = liveBuildId(paths)!;
    const before = await publishedCount(it.dataDir);

    await trainings.update(many[0]!.id, { title: 'Page 0, edited' });
    await untilPublishedAfter(before);
    await waitFor(async () => (await page(`/training/${many[0]!.id}`)).body.includes('Page 0, edited'), 90_000);
    const second = liveBuildId(paths)!;
    expect(second).not.toBe(first);

    const file = (build: string, id: string) => path.join(paths.build(build), 'client', 'training', id, 'index.html');
    expect(fs.readFileSync(file(second, many[0]!.id), 'utf8')).toContain('Page 0, edited');
    for (const t of many.slice(1)) {
      expect(fs.readFileSync(file(second, t.id)).equals(fs.readFileSync(file(first, t.id)))).toBe(true);
    }
    const restored = (await buildsOf(it.dataDir)).filter((b) => b.outcome === 'published').at(-1)!.restored!;
    expect(restored).toBeGreaterThanOrEqual(many.length - 1);
  });

  test('an edit is rendered in the server process with its cost recorded; rebuild-site renders every page again', async () => {
    const trainer = await createTrainer({ name: 'Cost Keeper' });
    const training = await createTraining(trainer.id, { title: 'Costed Once' });
    await waitFor(async () => (await page(`/training/${training.id}`)).status === 200);
    await untilLoneChange();
    const before = await publishedCount(it.dataDir);
    await trainings.update(training.id, { title: 'Costed Twice' });
    await untilPublishedAfter(before);
    const edit = (await buildsOf(it.dataDir)).filter((b) => b.outcome === 'published').at(-1)!;
    expect(edit).toMatchObject({ kind: 'change', how: 'in-process' });
    expect(edit.cpuMs).toBeGreaterThan(0);
    expect(edit.peakRssMib).toBeGreaterThan(50);
    expect(edit.rendered).toBeLessThan(edit.restored!);

    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'rebuild-site'], {
      env: { ...process.env, ...it.env, DATA_DIR: it.dataDir },
      encoding: 'utf8',
    });
    expect(cli.stdout).toContain('Full rebuild requested');
    await waitFor(
      async () => (await buildsOf(it.dataDir)).some((b) => b.kind === 'full' && b.outcome === 'published'),
      90_000,
    );
    const full = (await buildsOf(it.dataDir)).find((b) => b.kind === 'full')!;
    // Every page rendered again, in the server process (no build child: docs/decisions/0014-publisher.md).
    expect(full).toMatchObject({ how: 'in-process', restored: 0 });
    expect(full.rendered).toBeGreaterThan(edit.rendered! + edit.restored! - 5);
    expect((await page(`/training/${training.id}`)).body).toContain('Costed Twice');
  });
});
