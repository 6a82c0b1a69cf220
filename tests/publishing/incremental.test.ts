import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeDb, getSql } from '../../src/data/database/db';
import { migrate } from '../../src/data/database/migrate';
import * as trainings from '../../src/data/trainings';
import type { SiteData } from '../../src/domain/siteData';
import {
  ensureLiveBuild,
  publishOnce,
  outputFile,
  PageRenderer,
  sitePaths,
  type SitePaths,
  liveBuildId,
} from '../../src/publish';
import { listBuilds } from '../../src/data/publishing';
import type { PublishResult } from '../../src/publish';
import { pageInputDigests } from '../../src/prerender/pageInputs';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { createTrainer, createTraining } from '../support/fixtures';
import { tempDir } from '../support/server';

/**
 * A data-only change is published by rendering its pages in the publisher's process over links to
 * the live build (src/publish/builder/incrementalBuild.ts). These tests hold that path to the full
 * `astro build`: the same pages, byte for byte, and after a series of edits the same site.
 */
let database: TestDatabase;
let live: SitePaths;
let reference: SitePaths;
let renderer: PageRenderer;

const clientOf = (paths: SitePaths) => path.join(fs.realpathSync(paths.current), 'client');

/** Every file of a build's client folder (relative path → bytes), the hashed assets aside. */
function files(client: string, dir = ''): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(path.join(client, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (rel !== '_astro') for (const [k, v] of files(client, rel)) found.set(k, v);
    } else found.set(rel, fs.readFileSync(path.join(client, rel)));
  }
  return found;
}

function published(result: PublishResult): Extract<PublishResult, { outcome: 'published' }> {
  if (result.outcome === 'failed') throw new Error(result.error);
  if (result.outcome === 'aborted') throw new Error('aborted');
  return result;
}

/** One publish of the site in `paths`, as the publisher makes it: a change with `renderer`, else the start's build. */
const publish = (paths: SitePaths, renderer?: PageRenderer) =>
  publishOnce({ siteId: 'test', instanceId: 'test', paths, renderer }, renderer ? 'change' : 'boot');

beforeAll(async () => {
  database = await prepareTestDatabase();
  const dataDir = tempDir('emdr-incremental-');
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = database.url;
  await migrate(await getSql());
  // Enough variety for every kind of page: states with one training and with several, every
  // format, text with characters outside ASCII, venues, schedules, refund policies, a long text.
  const ana = await createTrainer({ name: 'Dr. Ana Núñez', statesServed: ['CA', 'OR'] });
  const ben = await createTrainer({ name: 'Ben Okafor, LCSW', statesServed: ['NY'] });
  for (let i = 0; i < 12; i++) {
    await createTraining(i % 3 ? ana.id : ben.id, {
      title: `EMDR Training ${i} — “Phase ${i % 8}”`,
      description: `Eight phases; supervised practicum, Q&A. ${'Résumé of the day. '.repeat(i * 3)}`,
      startsInDays: 5 + i * 3,
      state: ['CA', 'OR', 'NY', 'TX'][i % 4],
      location: ['Los Angeles, CA', 'Portland, OR', 'New York, NY', 'Austin, TX'][i % 4],
      format: (['In-Person', 'Virtual', 'Hybrid'] as const)[i % 3],
      venue: i % 2 ? `Hall ${i}` : undefined,
      refundPolicy: i % 4 === 1 ? 'Full refund until 14 days before.' : undefined,
    });
  }
  live = sitePaths(dataDir);
  reference = sitePaths(tempDir('emdr-incremental-ref-'));
  published(await publish(live));
  const loaded = PageRenderer.load(live.build(liveBuildId(live)!));
  if (!loaded) throw new Error('the build kept no page renderer');
  renderer = loaded;
});

afterAll(async () => {
  await closeDb();
  await database?.drop();
});

describe('pages rendered in the publisher process', () => {
  test('every page of the site comes out byte for byte as astro build wrote it', async () => {
    const build = fs.realpathSync(live.current);
    const data = JSON.parse(fs.readFileSync(live.input(path.basename(build)), 'utf8')) as SiteData;
    const pages = [...pageInputDigests(data).keys()];
    const rendered = await renderer.render(data, pages);
    const built = files(path.join(build, 'client'));
    for (const page of rendered) {
      expect(page.body.toString(), page.pathname).toBe(built.get(page.file)?.toString());
    }
    // Every page the build wrote is one the publisher knows how to re-render (only public/ files aside).
    const known = new Set(pages.map((p) => outputFile(p, /\.[a-z]+$/.test(p))));
    expect([...built.keys()].filter((file) => !known.has(file)).sort()).toEqual(['embed/v1.js', 'favicon.svg']);
    // The trainer pages are among them: each trainer's page, embed page and feeds, and the index.
    expect(pages).toEqual(
      expect.arrayContaining([
        '/trainers',
        '/trainers/ana-nunez',
        '/embed/trainers/ben-okafor',
        '/trainers/moved.json',
      ]),
    );
    expect(pages).toEqual(expect.arrayContaining(['/feeds/trainer-ana-nunez.ics', '/feeds/trainer-ben-okafor.xml']));
  });

  test('a series of edits published in-process leaves the same site as a full build of the same data', async () => {
    const sql = await getSql();
    const all = await trainings.listAll();
    const [first, second] = all;
    const oregon = all.filter((t) => t.state === 'OR');
    const edits: [string, () => Promise<unknown>][] = [
      ['a new title and price', () => trainings.update(first!.id, { title: 'A Brand New Title', price: 999 })],
      ['a trainer renamed', () => sql`update trainers set name = 'Dr. Ana Núñez-Reyes' where id = ${first!.trainerId}`],
      ['a training moved to a state with none', () => trainings.update(second!.id, { state: 'WY' })],
      [
        'every training of a state unpublished (its page goes away)',
        () => sql`update trainings set is_published = false where id in ${sql(oregon.map((t) => t.id))}`,
      ],
      [
        "a trainer's slug changed (the old one redirects)",
        async () => {
          await sql`insert into trainer_slug_redirects (slug, trainer_id) values ('ana-nunez', ${first!.trainerId})`;
          await sql`update trainers set slug = 'ana-nunez-reyes' where id = ${first!.trainerId}`;
        },
      ],
      ['a trainer with no training added', () => createTrainer({ name: 'Cy Park', statesServed: [] })],
      [
        'every training of a trainer unpublished (their page stays, they leave /trainers)',
        () =>
          sql`update trainings set is_published = false where trainer_id = ${all.find((t) => t.trainerId !== first!.trainerId)!.trainerId}`,
      ],
      [
        'a training split in two parts and sold out (its page, its cards and its feeds)',
        () => {
          const at = (days: number, hours: number) =>
            new Date(first!.startDate.getTime() + days * 86_400_000 + hours * 3_600_000);
          const part = (days: number, label: string | null) => ({
            label,
            startDate: at(days, 0).toISOString(),
            endDate: at(days + 1, 8).toISOString(),
            timeZone: null,
            format: null,
            location: null,
            venue: null,
          });
          return trainings.update(first!.id, {
            availability: 'sold_out',
            parts: [part(0, null), part(35, 'Weekend two')],
            startDate: at(0, 0),
            endDate: at(36, 8),
          });
        },
      ],
      [
        'a training added and another deleted',
        async () => {
          await createTraining(first!.trainerId, { title: 'Added Later', state: 'NV', startsInDays: 2 });
          await trainings.remove(all.at(-1)!.id);
        },
      ],
    ];
    // Each edit is published in-process; the reference (a full astro build, 13–20 s each) is built
    // after every third edit and after the last: a page an edit left stale shows as a difference
    // unless a later edit of its group renders that page again.
    for (const [index, [name, edit]] of edits.entries()) {
      await edit();
      const incremental = published(await publish(live, renderer));
      expect(incremental.how, name).toBe('in-process');
      expect(incremental.rendered!, name).toBeLessThan(incremental.restored!);
      if (index % 3 !== 2 && index !== edits.length - 1) continue;
      published(await publish(reference));
      const [ours, theirs] = [files(clientOf(live)), files(clientOf(reference))];
      expect([...ours.keys()].sort(), name).toEqual([...theirs.keys()].sort());
      const different = [...ours].filter(([file, body]) => !body.equals(theirs.get(file)!)).map(([file]) => file);
      expect(different, name).toEqual([]);
    }
  });

  test('a change whose pages fail to render in-process is published by a full build of the same data', async () => {
    const [first] = await trainings.listAll();
    await trainings.update(first!.id, { title: 'Published Despite The Renderer' });
    // The renderer of this build, with its render failing as a bug in it would.
    const failing = Object.assign(Object.create(renderer) as PageRenderer, {
      renderEach: () => Promise.reject(new Error('a page failed to render')),
    });
    const outcome = published(await publish(live, failing));
    expect(outcome.how).toBe('astro-build');
    expect(outcome.phases).toContain('in-process publish failed (a page failed to render), so an astro build');
    const page = fs.readFileSync(path.join(clientOf(live), 'training', first!.id, 'index.html'), 'utf8');
    expect(page).toContain('Published Despite The Renderer');
  });

  test('a start from the code cache publishes, without an astro build, the same site as a full build of its data', async () => {
    const cache = tempDir('emdr-code-cache-');
    const said: string[] = [];
    const key = randomBytes(32);
    const start = (paths: SitePaths, siteId: string) =>
      ensureLiveBuild({ siteId, instanceId: 'test', paths }, (line) => said.push(line), { dir: cache, key });

    // The first start of this code builds, and keeps its build without its data's pages.
    const first = sitePaths(tempDir('emdr-cached-first-'));
    await start(first, 'cache-first');
    expect(said).toContain('Building the site…');
    const made = fs.realpathSync(first.current);
    const [entry, ...more] = fs.readdirSync(cache);
    expect(more).toEqual([]);
    expect(fs.readFileSync(path.join(cache, entry!, 'fingerprint.txt'), 'utf8')).toBe(
      fs.readFileSync(path.join(made, 'fingerprint.txt'), 'utf8'),
    );
    const cachedPages = [...files(path.join(cache, entry!, 'client')).keys()];
    expect(cachedPages.sort()).toEqual(['embed/v1.js', 'favicon.svg']);

    // Other data: the next start, in another DATA_DIR, renders its pages into a copy of that build.
    const [someone] = await trainings.listAll();
    await createTraining(someone!.trainerId, { title: 'Only In The Second Site', state: 'ID', startsInDays: 9 });
    said.length = 0;
    const second = sitePaths(tempDir('emdr-cached-second-'));
    const bootBuild = await start(second, 'cache-second');
    expect(said.join('\n')).not.toContain('Building the site');
    expect(said.join('\n')).toMatch(
      /Site rendered in [\d.]+ s from the cached build of this code \(\d+ pages rendered\)/,
    );
    const [record] = await listBuilds('cache-second');
    expect(record).toMatchObject({ kind: 'boot', outcome: 'published', how: 'in-process' });
    // The copy it was rendered over is gone; the build it made is live, and renders the next change.
    expect(fs.readdirSync(second.builds).filter((name) => name !== 'node_modules')).toEqual([bootBuild]);
    expect(liveBuildId(second)).toBe(bootBuild);
    expect(PageRenderer.load(second.build(bootBuild))).not.toBeNull();

    published(await publish(reference));
    const [ours, theirs] = [files(clientOf(second)), files(clientOf(reference))];
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    expect([...ours].filter(([file, body]) => !body.equals(theirs.get(file)!)).map(([file]) => file)).toEqual([]);
    expect(ours.get('index.html')!.toString()).toContain('Only In The Second Site');

    // One line planted in the cached server code: the next start says so once, builds as if there
    // were no cache, and never runs the line (docs/decisions/0036-code-cache-trust.md).
    const planted = path.join(cache, entry!, 'server', 'entry.mjs');
    fs.chmodSync(planted, 0o644);
    fs.appendFileSync(planted, '\nglobalThis.emdrPlanted = true;\n');
    said.length = 0;
    const third = sitePaths(tempDir('emdr-cached-third-'));
    await start(third, 'cache-third');
    const refusals = said.filter((line) => line.includes('is not used'));
    expect(refusals).toEqual([
      'The cached build of this code in BUILD_CACHE_DIR is not used (server/entry.mjs is not the file its manifest holds): building as if there were no cache.',
    ]);
    expect(said).toContain('Building the site…');
    expect((globalThis as { emdrPlanted?: boolean }).emdrPlanted).toBeUndefined();
    const [rebuilt] = await listBuilds('cache-third');
    expect(rebuilt).toMatchObject({ kind: 'boot', outcome: 'published', how: 'astro-build' });
  });
});
