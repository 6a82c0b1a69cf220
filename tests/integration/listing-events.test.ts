import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';
import { countNew, forgetBefore } from '../../src/data/listingEvents';
import { EVENTS_PER_ADDRESS_PER_MINUTE } from '../../src/services/performance/eventLimit';
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

  test('counts a repeat from one client once a day; another browser at the same address counts again', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await post({ type: 'view', trainingId }, { address })).status).toBe(204);
    expect((await countsOf(trainingId)).view).toBe(1);
    // The repeat after the counts were written is still a repeat.
    expect((await post({ type: 'view', trainingId }, { address })).status).toBe(204);
    expect((await countsOf(trainingId)).view).toBe(1);
    await post({ type: 'view', trainingId }, { address, agent: 'Mozilla/5.0 (iPhone) Safari/605.1' });
    await post({ type: 'view', trainingId });
    expect((await countsOf(trainingId)).view).toBe(3);
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

describe('the daily hashes', () => {
  test("are deleted once their day is over, and today's stay", async () => {
    const today = utcDay(Date.now());
    await countNew([
      { day: '2026-01-01', hash: 'a'.repeat(22), trainingId, type: 'view' },
      { day: today, hash: 'b'.repeat(22), trainingId, type: 'view' },
    ]);
    await forgetBefore(today);
    const sql = await getSql();
    expect(await sql`select to_char(day, 'YYYY-MM-DD') as day from listing_event_seen`).toEqual([{ day: today }]);
    // The count of the day that is over stays: only the hashes go.
    expect((await sql`select count from listing_event_counts where day = '2026-01-01'`).length).toBe(1);
  });
});
