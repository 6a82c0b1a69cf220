import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as trainings from '../../src/data/trainings';
import * as trainers from '../../src/data/trainers';
import { TrainerInputSchema } from '../../src/domain/trainers/trainer';
import { allFeeds } from '../../src/domain/feeds/feedCatalog';
import { sitePaths, liveBuildId } from '../../src/publish';
import { createTrainer, createTraining } from '../support/fixtures';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { waitFor } from '../support/server';
import { validCalendar, type ParsedEvent } from '../support/icalendar';

/** The calendar feeds are static files of the published build, and follow the database through publishing. */
let it: IsolatedServer;

const get = async (p: string) => {
  const response = await fetch(`${it.server.url}${p}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};
const feed = async (slug: string) => validCalendar((await get(`/feeds/${slug}.ics`)).body);
const uid = (id: string) => `${id}@emdr-training-marketplace`;
const eventIn = async (slug: string, id: string): Promise<ParsedEvent | undefined> =>
  (await feed(slug)).events.find((e) => e.uid === uid(id));

beforeAll(async () => {
  it = await startIsolatedServer({ REBUILD_DEBOUNCE_MS: '300' });
});
afterAll(async () => {
  await it?.stop();
});

describe('calendar feeds', () => {
  test('every feed is a static file of the build, valid RFC 5545, holding the trainings its filter shows', async () => {
    const trainer = await createTrainer({ name: 'Dr. Zoë "Quote" Ñúñez' });
    const inPerson = await createTraining(trainer.id, {
      title: 'Feeds: In-Person, CA',
      format: 'In-Person',
      state: 'CA',
    });
    const hybrid = await createTraining(trainer.id, {
      title: 'Feeds: Hybrid; NY\nsecond line',
      format: 'Hybrid',
      state: 'NY',
      location: 'New York, NY',
    });
    await waitFor(async () => (await eventIn('all', hybrid.id)) !== undefined, 120_000);

    const live = path.join(sitePaths(it.dataDir).build(liveBuildId(sitePaths(it.dataDir))!), 'client', 'feeds');
    for (const f of allFeeds()) {
      expect(fs.existsSync(path.join(live, `${f.slug}.ics`))).toBe(true);
      const response = await get(`/feeds/${f.slug}.ics`);
      expect(response.status).toBe(200);
      expect(response.type).toBe('text/calendar; charset=utf-8');
      expect(validCalendar(response.body).name).toBe(f.name);
    }
    const member = async (slug: string, id: string) => (await eventIn(slug, id)) !== undefined;
    for (const slug of ['all', 'california', 'in-person']) expect(await member(slug, inPerson.id)).toBe(true);
    for (const slug of ['virtual', 'hybrid', 'new-york']) expect(await member(slug, inPerson.id)).toBe(false);
    for (const slug of ['all', 'new-york', 'in-person', 'virtual', 'hybrid'])
      expect(await member(slug, hybrid.id)).toBe(true);
    expect(await member('california', hybrid.id)).toBe(false);

    const event = (await eventIn('hybrid', hybrid.id))!;
    expect(event.summary).toBe('Feeds: Hybrid; NY\nsecond line');
    expect(event.description).toContain('Trainer: Dr. Zoë "Quote" Ñúñez');
    expect(event.organizer).toBeNull();
    expect(event.url).toBe(`http://localhost:4321/training/${hybrid.id}`);
    // iCalendar times have whole seconds.
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000) * 1000;
    expect(event.start).toBe(seconds(hybrid.startDate));
    expect(event.end).toBe(seconds(hybrid.endDate));
  });

  test('a published change raises SEQUENCE and changes the event in every feed it is in; deleted or unpublished trainings leave them', async () => {
    const trainer = await createTrainer({ name: 'Dr. Sequence' });
    const edited = await createTraining(trainer.id, { title: 'Seq: before', format: 'Hybrid', state: 'TX' });
    const deleted = await createTraining(trainer.id, { title: 'Seq: deleted', format: 'Virtual', state: 'TX' });
    const unpublished = await createTraining(trainer.id, {
      title: 'Seq: unpublished',
      format: 'In-Person',
      state: 'TX',
    });
    await waitFor(async () => (await eventIn('texas', unpublished.id)) !== undefined, 120_000);
    const feedsOfEdited = ['all', 'texas', 'in-person', 'virtual', 'hybrid'];
    const before = await Promise.all(feedsOfEdited.map((slug) => eventIn(slug, edited.id)));
    for (const e of before) expect(e?.summary).toBe('Seq: before');

    await trainings.update(edited.id, { title: 'Seq: after', location: 'Austin, TX' });
    await trainings.remove(deleted.id);
    await trainings.update(unpublished.id, { isPublished: false });
    await waitFor(async () => (await eventIn('texas', edited.id))?.summary === 'Seq: after', 120_000);

    for (const [i, slug] of feedsOfEdited.entries()) {
      const after = (await eventIn(slug, edited.id))!;
      expect(after.summary).toBe('Seq: after');
      expect(after.location).toBe('Austin, TX');
      expect(after.sequence).toBeGreaterThan(before[i]!.sequence);
      expect(after.lastModified).toBeGreaterThanOrEqual(before[i]!.lastModified);
    }
    for (const slug of ['all', 'texas', 'virtual', 'in-person']) {
      expect(await eventIn(slug, deleted.id)).toBeUndefined();
      expect(await eventIn(slug, unpublished.id)).toBeUndefined();
    }

    // The trainer's name is in the event's text: renaming the trainer raises SEQUENCE too.
    const seqBefore = (await eventIn('texas', edited.id))!.sequence;
    const { bio, statesServed } = (await trainers.findById(trainer.id))!;
    await trainers.update(trainer.id, TrainerInputSchema.parse({ name: 'Dr. Sequence Renamed', bio, statesServed }));
    await waitFor(
      async () => (await eventIn('texas', edited.id))?.description.includes('Dr. Sequence Renamed'),
      120_000,
    );
    expect((await eventIn('texas', edited.id))!.sequence).toBeGreaterThan(seqBefore);

    // The single download is the same event.
    const download = await get(`/api/trainings/${edited.id}/calendar`);
    expect(download.status).toBe(200);
    const [single] = validCalendar(download.body).events;
    expect(single).toEqual(await eventIn('all', edited.id));
  });

  test('robots.txt allows the feeds, the home page links them, and new.xml lists new trainings', async () => {
    const trainer = await createTrainer();
    const fresh = await createTraining(trainer.id, { title: 'Newly Listed <Training> & Co' });
    await waitFor(
      async () => (await get('/feeds/new.xml')).body.includes('Newly Listed &lt;Training&gt; &amp; Co'),
      120_000,
    );
    const rss = await get('/feeds/new.xml');
    expect(rss.type).toMatch(/xml/);
    expect(rss.body).toContain(`<link>http://localhost:4321/training/${fresh.id}</link>`);

    expect((await get('/robots.txt')).body).toMatch(/^Allow: \/feeds\/$/m);
    const home = (await get('/')).body;
    expect(home).toMatch(
      /<link rel="alternate" type="text\/calendar"[^>]*href="http:\/\/localhost:4321\/feeds\/all\.ics"/,
    );
    expect(home).toMatch(
      /<link rel="alternate" type="application\/rss\+xml"[^>]*href="http:\/\/localhost:4321\/feeds\/new\.xml"/,
    );
  });
});
