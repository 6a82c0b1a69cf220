import http from 'node:http';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';
import { countNew, forgetBefore } from '../../src/data/listingEvents';
import { EVENTS_PER_ADDRESS_PER_MINUTE } from '../../src/services/performance/eventLimit';
import {
  COUNTS_PER_CLIENT_PER_DAY,
  SEEN_EVENTS_PER_DAY,
  WIDGET_BATCH_MAX,
} from '../../src/domain/performance/listingEvents';
import { utcDay } from '../../src/domain/performance/performance';

/**
 * `POST /api/events` (docs/product.md, Performance), the pages' beacon, on the run's real server
 * and database. The counts are read back through `GET /api/admin/analytics`, which writes what the
 * server holds first. Each test posts from client addresses of its own (X-Forwarded-For: the run's
 * server trusts its loopback proxy), so the per-address limit and the daily dedupe start afresh.
 */
const base = () => process.env.TEST_BASE_URL!;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let admin: AdminClient;
let trainerId: string;
let trainingId: string;

let clients = 0;
/** A client address no other post of this file used. */
const freshAddress = () => `198.51.${100 + Math.floor(++clients / 250)}.${clients % 250}`;
const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

interface Sender {
  address?: string;
  agent?: string;
  headers?: Record<string, string>;
}

function post(body: unknown, { address = freshAddress(), agent = browser, headers = {} }: Sender = {}) {
  return fetch(`${base()}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'user-agent': agent, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * A beacon sent from one of this machine's loopback addresses (127.0.0.0/8), with no
 * X-Forwarded-For: the socket's own address is the client's. Answers the status.
 */
function postFrom(localAddress: string, body: unknown, agent: string): Promise<number> {
  const url = new URL('/api/events', base());
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'user-agent': agent },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Today's counts of one training, as the admin API answers them. */
async function countsOf(id: string) {
  const answer = await admin.call('GET', `/api/admin/analytics?trainerId=${trainerId}`);
  expect(answer.status).toBe(200);
  const row = answer.body.rows.find((r: { trainingId: string; day: string }) => r.trainingId === id);
  return row?.counts ?? { view: 0, register: 0, calendar: 0, widget: 0 };
}

beforeEach(async () => {
  await resetDatabase();
  const sql = await getSql();
  await sql`delete from listing_event_seen`;
  await sql`delete from listing_event_seen_days`;
  admin = await adminClient();
  trainerId = (await createTrainer()).id;
  trainingId = (await createTraining(trainerId, { isPublished: true })).id;
});

describe('the listing beacon endpoint', () => {
  test('answers 204 with no body and no cookie, and the event is counted for today', async () => {
    const response = await post({ type: 'view', trainingId });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('set-cookie')).toBeNull();
    const answer = await admin.call('GET', `/api/admin/analytics?trainerId=${trainerId}`);
    expect(answer.body.rows).toEqual([
      expect.objectContaining({
        day: utcDay(Date.now()),
        trainingId,
        trainerId,
        counts: { view: 1, register: 0, calendar: 0, widget: 0 },
      }),
    ]);
  });

  test('counts each type on its own: a view, a Register click, a calendar download, widget impressions', async () => {
    const other = (await createTraining(trainerId, { title: 'EMDR Advanced', isPublished: true })).id;
    const address = freshAddress();
    for (const type of ['view', 'register', 'calendar'])
      expect((await post({ type, trainingId }, { address })).status).toBe(204);
    expect((await post({ type: 'widget', trainingIds: [trainingId, other] }, { address })).status).toBe(204);
    expect(await countsOf(trainingId)).toEqual({ view: 1, register: 1, calendar: 1, widget: 1 });
    expect(await countsOf(other)).toEqual({ view: 0, register: 0, calendar: 0, widget: 1 });
  });

  test('counts a repeat from one client address once a day, whatever User-Agent each repeat sends', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await post({ type: 'view', trainingId }, { address })).status).toBe(204);
    expect((await countsOf(trainingId)).view).toBe(1);
    // The repeat after the counts were written is still a repeat.
    expect((await post({ type: 'view', trainingId }, { address })).status).toBe(204);
    expect((await countsOf(trainingId)).view).toBe(1);
    for (let i = 0; i < 20; i++)
      await post({ type: 'register', trainingId }, { address, agent: `Mozilla/5.0 (iPhone ${i}) Safari/605.${i}` });
    expect(await countsOf(trainingId)).toMatchObject({ view: 1, register: 1 });
    await post({ type: 'view', trainingId });
    expect((await countsOf(trainingId)).view).toBe(2);
  });

  test('clients at their own loopback addresses, with no proxy header, count once each however they vary their agent', async () => {
    for (const local of ['127.0.0.61', '127.0.0.62', '127.0.0.63'])
      for (let i = 0; i < 5; i++)
        expect(await postFrom(local, { type: 'view', trainingId }, `${browser} ${i}`)).toBe(204);
    expect((await countsOf(trainingId)).view).toBe(3);
  });

  test('the IPv6 addresses of one /64 are one client; another /64 is another', async () => {
    for (const address of ['2001:db8:61:1::1', '2001:db8:61:1::2', '2001:db8:61:1:aaaa:bbbb:cccc:dddd'])
      expect((await post({ type: 'calendar', trainingId }, { address })).status).toBe(204);
    expect((await countsOf(trainingId)).calendar).toBe(1);
    await post({ type: 'calendar', trainingId }, { address: '2001:db8:61:2::1' });
    expect((await countsOf(trainingId)).calendar).toBe(2);
  });

  test.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['curl', 'curl/8.5.0'],
    ['python-requests', 'python-requests/2.32.3'],
    [
      'a headless browser',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    ],
    ['a link checker', 'W3C-checklink/5.0.0 libwww-perl/6.77'],
    ['no User-Agent at all', ''],
  ])('%s is answered 204 and counted nowhere', async (_who, agent) => {
    const address = freshAddress();
    for (const type of ['view', 'register', 'calendar'])
      expect((await post({ type, trainingId }, { address, agent })).status).toBe(204);
    expect((await post({ type: 'widget', trainingIds: [trainingId] }, { address, agent })).status).toBe(204);
    expect(await countsOf(trainingId)).toEqual({ view: 0, register: 0, calendar: 0, widget: 0 });
    const sql = await getSql();
    expect(await sql`select * from listing_event_seen`).toEqual([]);
  });

  test(`one client address adds at most ${COUNTS_PER_CLIENT_PER_DAY} counts a day; another address still counts`, async () => {
    const ids = [trainingId];
    while (ids.length < COUNTS_PER_CLIENT_PER_DAY + WIDGET_BATCH_MAX)
      ids.push((await createTraining(trainerId, { title: `EMDR #${ids.length}`, isPublished: true })).id);
    const address = freshAddress();
    for (let i = 0; i < ids.length; i += WIDGET_BATCH_MAX)
      expect(
        (await post({ type: 'widget', trainingIds: ids.slice(i, i + WIDGET_BATCH_MAX) }, { address })).status,
      ).toBe(204);
    const total = async () => {
      await countsOf(trainingId);
      const sql = await getSql();
      const [row] = await sql<{ n: number }[]>`select coalesce(sum(count), 0)::int as n from listing_event_counts`;
      return row!.n;
    };
    expect(await total()).toBe(COUNTS_PER_CLIENT_PER_DAY);
    await post({ type: 'view', trainingId }, { address });
    expect(await total()).toBe(COUNTS_PER_CLIENT_PER_DAY);
    await post({ type: 'view', trainingId });
    expect(await total()).toBe(COUNTS_PER_CLIENT_PER_DAY + 1);
  });

  test('keeps no address, agent or id of the client: only counts and keyed hashes', async () => {
    const address = '203.0.113.77';
    await post({ type: 'view', trainingId }, { address });
    await countsOf(trainingId);
    const sql = await getSql();
    const stored = JSON.stringify([
      await sql`select * from listing_event_counts`,
      await sql`select * from listing_event_seen`,
    ]);
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('Chrome');
    const [seen] = await sql<{ hash: string }[]>`select hash from listing_event_seen`;
    expect(seen!.hash).toMatch(/^[\w-]{22}$/);
  });

  test('an unknown or unpublished training answers 204 and is counted nowhere', async () => {
    const draft = (await createTraining(trainerId, { title: 'Draft', isPublished: false })).id;
    expect((await post({ type: 'view', trainingId: UNKNOWN })).status).toBe(204);
    expect((await post({ type: 'register', trainingId: draft })).status).toBe(204);
    expect((await post({ type: 'widget', trainingIds: [UNKNOWN] })).status).toBe(204);
    await countsOf(trainingId);
    const sql = await getSql();
    expect(await sql`select * from listing_event_counts`).toEqual([]);
    expect(await sql`select * from listing_event_seen`).toEqual([]);
  });

  test('a request carrying Global Privacy Control or Do Not Track is answered alike and counted nowhere', async () => {
    expect((await post({ type: 'view', trainingId }, { headers: { 'sec-gpc': '1' } })).status).toBe(204);
    expect((await post({ type: 'view', trainingId }, { headers: { dnt: '1' } })).status).toBe(204);
    expect((await countsOf(trainingId)).view).toBe(0);
  });

  test.each([
    ['a type that is not counted', { type: 'click', trainingId: 'x' }, ['type', 'trainingId']],
    ['no training', { type: 'view' }, ['trainingId']],
    ['a malformed training id', { type: 'view', trainingId: 'not-a-uuid' }, ['trainingId']],
    ['a list for a page view', { type: 'view', trainingIds: [UNKNOWN] }, ['trainingIds']],
    ['a list of more than 50', { type: 'widget', trainingIds: new Array(51).fill(UNKNOWN) }, ['trainingIds']],
  ])('%s is 400 with field errors', async (_what, body, fields) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.error).toEqual(expect.any(String));
    expect(Object.keys(answer.fieldErrors)).toEqual(fields);
    expect(answer.requestId).toBe(response.headers.get('x-request-id'));
  });

  test('a body that is not JSON is 400, another content type 415, never a 500', async () => {
    expect((await post('{"type":')).status).toBe(400);
    const form = await fetch(`${base()}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      body: '[]',
    });
    expect(form.status).toBe(400);
    expect((await post('x', { headers: { 'content-type': 'application/octet-stream' } })).status).toBe(415);
  });

  test('another method is 405 naming POST, and a body over 8 KB is 413', async () => {
    const read = await fetch(`${base()}/api/events`);
    expect(read.status).toBe(405);
    expect(read.headers.get('allow')).toBe('POST');
    const long = await post({ type: 'view', trainingId, padding: 'x'.repeat(9000) });
    expect(long.status).toBe(413);
    expect(await long.json()).toEqual({ error: 'Request body too large' });
  });

  test(`one client address may post ${EVENTS_PER_ADDRESS_PER_MINUTE} times a minute, then 429 with Retry-After`, async () => {
    const address = '192.0.2.41';
    const answers = [];
    for (let i = 0; i < EVENTS_PER_ADDRESS_PER_MINUTE; i++)
      answers.push((await post({ type: 'view', trainingId }, { address })).status);
    expect(new Set(answers)).toEqual(new Set([204]));
    const refused = await post({ type: 'view', trainingId }, { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: 'Too many requests. Try again later.' });
    // Another address is not held back by it.
    expect((await post({ type: 'view', trainingId }, { address: '192.0.2.42' })).status).toBe(204);
  });
});

const bounds = { perClient: COUNTS_PER_CLIENT_PER_DAY, perDay: SEEN_EVENTS_PER_DAY };

describe('the daily hashes', () => {
  test("are deleted once their day is over, and today's stay", async () => {
    const today = utcDay(Date.now());
    await countNew(
      [
        { day: '2026-01-01', hash: 'a'.repeat(22), client: 'x', trainingId, type: 'view' },
        { day: today, hash: 'b'.repeat(22), client: 'x', trainingId, type: 'view' },
      ],
      bounds,
    );
    await forgetBefore(today);
    const sql = await getSql();
    expect(await sql`select to_char(day, 'YYYY-MM-DD') as day from listing_event_seen`).toEqual([{ day: today }]);
    // The count of the day that is over stays: only the hashes go.
    expect((await sql`select count from listing_event_counts where day = '2026-01-01'`).length).toBe(1);
  });
});

describe('the bounds of the counts', () => {
  const today = utcDay(Date.now());
  let made = 0;
  /** `n` new events of one client, each for a training and type not counted yet. */
  async function eventsOf(client: string, n: number) {
    const events = [];
    for (let i = 0; i < n; i++) {
      const id = (await createTraining(trainerId, { title: `EMDR bound #${++made}`, isPublished: true })).id;
      events.push({
        day: today,
        hash: `${client}-${made}`.padEnd(22, '0'),
        client,
        trainingId: id,
        type: 'view' as const,
      });
    }
    return events;
  }
  const rows = async () => {
    const sql = await getSql();
    const [seen] = await sql<{ n: number }[]>`select count(*)::int as n from listing_event_seen where day = ${today}`;
    const [kept] = await sql<{ n: number }[]>`select coalesce(sum(rows), 0)::int as n from listing_event_seen_days`;
    return { seen: seen!.n, kept: kept!.n };
  };

  test('a client adds at most its bound a day, in one batch or many; its repeats take nothing of it', async () => {
    const alice = await eventsOf('alice', 5);
    expect(await countNew(alice.slice(0, 2), { perClient: 3, perDay: 100 })).toBe(2);
    // A repeat is no new count and uses none of the bound.
    expect(await countNew(alice.slice(0, 1), { perClient: 3, perDay: 100 })).toBe(0);
    expect(await countNew(alice.slice(2), { perClient: 3, perDay: 100 })).toBe(1);
    expect(await countNew(await eventsOf('bob', 2), { perClient: 3, perDay: 100 })).toBe(2);
    expect(await rows()).toEqual({ seen: 5, kept: 5 });
  });

  test('a day holds at most its bound of hashes, however many clients send', async () => {
    const many = [];
    for (let c = 0; c < 6; c++) many.push(...(await eventsOf(`client${c}`, 2)));
    expect(await countNew(many.slice(0, 8), { perClient: 3, perDay: 10 })).toBe(8);
    expect(await countNew(many.slice(8), { perClient: 3, perDay: 10 })).toBe(2);
    expect(await countNew(await eventsOf('late', 1), { perClient: 3, perDay: 10 })).toBe(0);
    expect(await rows()).toEqual({ seen: 10, kept: 10 });
    const sql = await getSql();
    const [counted] = await sql<{ n: number }[]>`select sum(count)::int as n from listing_event_counts`;
    expect(counted!.n).toBe(10);
  });
});
