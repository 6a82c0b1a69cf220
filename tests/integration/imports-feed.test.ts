import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { fetchFeed, FEED_MESSAGES } from '../../src/links/fetchFeed';
import { readSubscribedFeeds } from '../../src/services/imports/feeds';

/**
 * Import from a calendar feed (docs/product.md, Import): a feed on a test server at 127.0.0.1 (the
 * guard allows loopback only in tests, LINK_CHECK_ALLOW_LOOPBACK) with a two-part program, a one-day
 * workshop and an event that later leaves the calendar. The preview, the parts, the daily read of a
 * subscribed feed (skipped when unchanged), "No longer in your calendar" with Cancel the training, a
 * field changed here surviving the next read, and the guard's refusals.
 */
let trust: TrustServer;
let partner: AdminClient;
let feedServer: http.Server;
let feedUrl: (path: string) => string;
const feed = { text: '' };
const PARTNER = 'feeds@partners.example';
const PASSWORD = 'a long partner passphrase';

interface Event {
  uid: string;
  summary: string;
  start: string;
  end: string;
  location?: string;
  url?: string;
}

const calendar = (events: Event[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Feed//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      'DTSTAMP:20261201T000000Z',
      `DTSTART:${e.start}`,
      `DTEND:${e.end}`,
      `SUMMARY:${e.summary}`,
      ...(e.location ? [`LOCATION:${e.location}`] : []),
      `URL:${e.url ?? `https://feeds.thinkific.com/courses/${e.uid}`}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const PART_1: Event = {
  uid: 'basic-1@feed',
  summary: 'EMDR Basic Training Part 1',
  start: '20270305T150000Z',
  end: '20270306T230000Z',
  url: 'https://feeds.thinkific.com/courses/basic',
};
const PART_2: Event = {
  uid: 'basic-2@feed',
  summary: 'EMDR Basic Training Part 2',
  start: '20270409T140000Z',
  end: '20270410T220000Z',
  url: 'https://feeds.thinkific.com/courses/basic',
};
const WORKSHOP: Event = {
  uid: 'workshop@feed',
  summary: 'Advanced Workshop',
  start: '20270515T140000Z',
  end: '20270515T220000Z',
};
const INTRO: Event = {
  uid: 'intro@feed',
  summary: 'Intro Evening',
  start: '20270601T230000Z',
  end: '20270602T010000Z',
};

const DEFAULTS = {
  trainerId: 'Dr. Feed',
  format: 'Virtual',
  location: 'Zoom',
  timeZone: 'America/Chicago',
  price: 1200,
};

async function mine() {
  return (await partner.call('GET', '/api/admin/trainings')).body as {
    id: string;
    title: string;
    location: string;
    parts: { label: string; startDate: string }[];
    timeZone: string;
    availability: string;
    reviewStatus: string;
  }[];
}

beforeAll(async () => {
  trust = await startTrustServer();
  feedServer = http.createServer((req, res) => {
    if (req.url === '/big.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end('X'.repeat(3 * 1024 * 1024));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(feed.text);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = (path) => `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}${path}`;
  const owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  const trainer = await owner.call('POST', '/api/admin/trainers', {
    name: 'Dr. Feed',
    bio: 'Bio',
    credentials: 'PhD',
    photo: null,
    website: 'https://x.example',
    thinkificAffiliateUrl: '',
    statesServed: ['TX'],
  });
  const sql = await getSql();
  const [member] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values (${PARTNER}, ${await hashPassword(PASSWORD)}, 'partner')
    returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainer.body.id as string})`;
  partner = await adminClient(trust.server.url, PARTNER, PASSWORD);
});

afterAll(async () => {
  await new Promise((resolve) => feedServer?.close(resolve));
  await trust?.stop();
});

describe('a partner’s calendar feed', () => {
  let workshopId: string;
  let introId: string;

  test('previews a two-part program as one training, then applies it as submissions with its parts', async () => {
    feed.text = calendar([PART_1, PART_2, WORKSHOP, INTRO]);
    const preview = await partner.call('POST', '/api/admin/imports', {
      url: feedUrl('/cal.ics'),
      defaults: DEFAULTS,
      subscribe: true,
    });
    expect(preview.status).toBe(201);
    expect(preview.body.counts).toEqual({ new: 3, changed: 0, unchanged: 0, duplicate: 0, invalid: 0, left: 0 });
    expect(preview.body.items.map((i: { title: string; uid: string }) => [i.title, i.uid])).toEqual([
      ['EMDR Basic Training', 'basic-1@feed'],
      ['Advanced Workshop', 'workshop@feed'],
      ['Intro Evening', 'intro@feed'],
    ]);
    const applied = await partner.call('POST', `/api/admin/imports/${preview.body.id}/apply`);
    expect(applied.body).toMatchObject({ created: 3, refused: 0 });
    const list = await mine();
    expect(list.map((t) => t.reviewStatus)).toEqual(['pending', 'pending', 'pending']);
    const basic = list.find((t) => t.title === 'EMDR Basic Training')!;
    expect(basic.parts.map((p) => [p.label, p.startDate])).toEqual([
      ['Part 1', '2027-03-05T15:00:00.000Z'],
      ['Part 2', '2027-04-09T14:00:00.000Z'],
    ]);
    expect(basic).toMatchObject({ timeZone: 'America/Chicago', location: 'Zoom' });
    workshopId = list.find((t) => t.title === 'Advanced Workshop')!.id;
    introId = list.find((t) => t.title === 'Intro Evening')!.id;
  });

  test('the daily read keeps a field changed here, takes the calendar’s other changes, and flags the event that left', async () => {
    const edited = await partner.call('PATCH', `/api/admin/trainings/${workshopId}`, {
      title: 'Advanced Workshop: Trauma',
    });
    expect(edited.status).toBeLessThan(300);
    feed.text = calendar([
      PART_1,
      PART_2,
      { ...WORKSHOP, summary: 'Advanced Workshop (new name)', location: 'Houston, TX' },
    ]);
    const readings = await readSubscribedFeeds(new Date('2026-12-03T05:00:00Z'));
    expect(readings.map((r) => r.outcome)).toEqual(['applied']);
    const workshop = (await mine()).find((t) => t.id === workshopId)!;
    expect(workshop).toMatchObject({ title: 'Advanced Workshop: Trauma', location: 'Houston, TX' });
    const locks = await partner.call('GET', `/api/admin/imports/locks/${workshopId}`);
    expect(locks.body).toEqual({ kept: [{ field: 'title', label: 'Title' }] });
    // A preview of the same feed now says the title is kept, and changes nothing.
    const preview = await partner.call('POST', '/api/admin/imports', { url: feedUrl('/cal.ics'), defaults: DEFAULTS });
    expect(preview.body.counts).toEqual({ new: 0, changed: 0, unchanged: 2, duplicate: 0, invalid: 0, left: 1 });
    const item = preview.body.items.find((i: { uid: string }) => i.uid === 'workshop@feed');
    expect(item.kept).toEqual([
      { field: 'title', label: 'Title', before: 'Advanced Workshop: Trauma', after: 'Advanced Workshop (new name)' },
    ]);
    // The event that left is not deleted: it waits for the partner's word.
    const imports = await partner.call('GET', '/api/admin/imports');
    expect(imports.body.leftCalendar).toEqual([
      {
        id: introId,
        title: 'Intro Evening',
        timeZone: 'America/Chicago',
        since: '2026-12-03T05:00:00.000Z',
        source: feedUrl('/cal.ics'),
      },
    ]);
    expect((await mine()).map((t) => t.id)).toContain(introId);
  });

  test('an unchanged feed is skipped on the next daily read', async () => {
    const readings = await readSubscribedFeeds(new Date('2026-12-04T05:00:00Z'));
    expect(readings.map((r) => r.outcome)).toEqual(['skipped']);
  });

  test('Cancel the training marks it cancelled and takes it off the list of what left', async () => {
    const cancelled = await partner.call('POST', `/api/admin/imports/left/${introId}`, { decision: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect((await mine()).find((t) => t.id === introId)!.availability).toBe('cancelled');
    expect((await partner.call('GET', '/api/admin/imports')).body.leftCalendar).toEqual([]);
    expect((await partner.call('POST', `/api/admin/imports/left/${introId}`, { decision: 'keep' })).status).toBe(404);
  });
});

describe('the guard on a feed’s address', () => {
  test('a private address is refused, and loopback too in production config', async () => {
    const privateFeed = await partner.call('POST', '/api/admin/imports', {
      url: 'http://10.1.2.3/cal.ics',
      defaults: DEFAULTS,
    });
    expect(privateFeed.status).toBe(400);
    expect(privateFeed.body.error).toMatch(/^The calendar could not be read: refused: 10\.1\.2\.3 is/);
    const production = await fetchFeed(feedUrl('/cal.ics'), { userAgent: 'test', allowLoopback: false });
    expect(production).toMatchObject({ ok: false, reason: expect.stringMatching(/^refused: 127\.0\.0\.1 is/) });
  });

  test('a calendar of 3 MB is refused with a clear message', async () => {
    const big = await partner.call('POST', '/api/admin/imports', { url: feedUrl('/big.ics'), defaults: DEFAULTS });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ fieldErrors: { url: [FEED_MESSAGES.tooLarge] } });
  });
});
