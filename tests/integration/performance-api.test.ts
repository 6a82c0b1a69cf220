import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { runAdminCli } from '../support/adminCli';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';
import { countNew } from '../../src/data/listingEvents';
import {
  COUNTING_RULES,
  COUNTS_PER_CLIENT_PER_DAY,
  SEEN_EVENTS_PER_DAY,
} from '../../src/domain/performance/listingEvents';
import { addDays, utcDay } from '../../src/domain/performance/performance';

/**
 * `GET /api/admin/analytics?trainerId=&from=&to=` and its CSV (docs/product.md, Performance): the
 * daily rows of a period for the owner and admins, on the run's real server and database. Counts
 * of past days are written with the repository (the beacon counts today only).
 */
const base = () => process.env.TEST_BASE_URL!;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const EDITOR = { email: 'editor@performance.example', password: 'a long editor passphrase' };
const today = utcDay(Date.now());
let owner: AdminClient;
let ana: { trainer: string; intensive: string; basic: string };
let ben: { trainer: string; training: string };

let hashes = 0;
/** `count` distinct clients' events of one type on one day. */
async function counted(
  trainingId: string,
  day: string,
  type: 'view' | 'register' | 'calendar' | 'widget',
  count: number,
) {
  const events = Array.from({ length: count }, () => {
    const hash = `h${++hashes}`.padEnd(22, '0');
    return { day, hash, client: hash, trainingId, type };
  });
  await countNew(events, { perClient: COUNTS_PER_CLIENT_PER_DAY, perDay: SEEN_EVENTS_PER_DAY });
}

beforeAll(async () => {
  const created = await runAdminCli([
    'create',
    '--role',
    'editor',
    '--email',
    EDITOR.email,
    '--password',
    EDITOR.password,
  ]);
  expect(created.code).toBe(0);
});

afterAll(async () => {
  const sql = await getSql();
  await sql`delete from admin_users where email = ${EDITOR.email}`;
});

beforeEach(async () => {
  await resetDatabase();
  owner = await adminClient();
  const anaId = (await createTrainer({ name: 'Ana Lopez' })).id;
  const benId = (await createTrainer({ name: 'Ben Okafor' })).id;
  ana = {
    trainer: anaId,
    intensive: (await createTraining(anaId, { title: '=HYPERLINK("x"), Intensive' })).id,
    basic: (await createTraining(anaId, { title: 'Basic Training' })).id,
  };
  ben = { trainer: benId, training: (await createTraining(benId, { title: 'Weekend' })).id };
  await counted(ana.basic, addDays(today, -40), 'view', 9);
  await counted(ana.intensive, addDays(today, -2), 'view', 3);
  await counted(ana.intensive, addDays(today, -2), 'register', 1);
  await counted(ana.basic, addDays(today, -1), 'calendar', 2);
  await counted(ben.training, addDays(today, -1), 'widget', 5);
});

describe('GET /api/admin/analytics', () => {
  test("answers the last 30 days' rows of every trainer, one per training and day, oldest first", async () => {
    const answer = await owner.call('GET', '/api/admin/analytics');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ from: addDays(today, -29), to: today, trainerId: null });
    expect(answer.body.rows).toEqual([
      {
        day: addDays(today, -2),
        trainingId: ana.intensive,
        trainingTitle: '=HYPERLINK("x"), Intensive',
        trainerId: ana.trainer,
        trainerName: 'Ana Lopez',
        counts: { view: 3, register: 1, calendar: 0, widget: 0 },
      },
      expect.objectContaining({
        day: addDays(today, -1),
        trainingId: ana.basic,
        counts: expect.objectContaining({ calendar: 2 }),
      }),
      expect.objectContaining({
        day: addDays(today, -1),
        trainingId: ben.training,
        counts: expect.objectContaining({ widget: 5 }),
      }),
    ]);
  });

  test("answers one trainer's rows, and the period asked for", async () => {
    const answer = await owner.call(
      'GET',
      `/api/admin/analytics?trainerId=${ana.trainer}&from=${addDays(today, -90)}&to=${addDays(today, -2)}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.rows.map((r: { trainingId: string; day: string }) => [r.trainingId, r.day])).toEqual([
      [ana.basic, addDays(today, -40)],
      [ana.intensive, addDays(today, -2)],
    ]);
  });

  test.each([
    ['from=2027-02-30', 'from'],
    ['to=tomorrow', 'to'],
    [`from=${today}&to=${addDays(today, -1)}`, 'from'],
    [`from=${addDays(today, -400)}`, 'from'],
  ])('?%s is 400 naming %s', async (query, field) => {
    const answer = await owner.call('GET', `/api/admin/analytics?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Invalid query');
    expect(Object.keys(answer.body.fieldErrors)).toEqual([field]);
  });

  test('a trainer that does not exist, or an id that is not one, is 404', async () => {
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      const answer = await owner.call('GET', `/api/admin/analytics?trainerId=${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Trainer not found' });
    }
  });

  test('is 401 without a session and 403 for an editor', async () => {
    const anonymous = await fetch(`${base()}/api/admin/analytics`);
    expect(anonymous.status).toBe(401);
    const editor = await adminClient(base(), EDITOR.email, EDITOR.password);
    expect((await editor.call('GET', '/api/admin/analytics')).status).toBe(403);
    expect((await editor.call('GET', '/api/admin/analytics.csv')).status).toBe(403);
  });
});

describe('GET /api/admin/analytics.csv', () => {
  test('has the same rows as CSV, with what a trainer typed quoted and defused', async () => {
    const response = await fetch(`${base()}/api/admin/analytics.csv?trainerId=${ana.trainer}`, {
      headers: { cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="performance-${addDays(today, -29)}-to-${today}.csv"`,
    );
    expect((await response.text()).split('\r\n')).toEqual([
      'day,trainer_id,trainer,training_id,training,Page views,Register clicks,Calendar downloads,Widget impressions',
      `${addDays(today, -2)},${ana.trainer},Ana Lopez,${ana.intensive},"'=HYPERLINK(""x""), Intensive",3,1,0,0`,
      `${addDays(today, -1)},${ana.trainer},Ana Lopez,${ana.basic},Basic Training,0,0,2,0`,
      '',
    ]);
  });

  test('refuses a bad date and an unknown trainer as the JSON does', async () => {
    expect((await owner.call('GET', '/api/admin/analytics.csv?to=2027-13-01')).status).toBe(400);
    expect((await owner.call('GET', `/api/admin/analytics.csv?trainerId=${UNKNOWN}`)).status).toBe(404);
  });
});

describe('the Performance page', () => {
  test("shows the owner every trainer's totals, and one trainer's on asking; 404 for a trainer that does not exist", async () => {
    const page = await owner.call('GET', '/admin/performance');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Performance');
    expect(page.body).toContain('=HYPERLINK(&quot;x&quot;), Intensive');
    expect(page.body).toContain('Weekend');
    // What is and is not counted, in the page's words.
    expect(page.body).toContain('What is counted, and what is not');
    for (const rule of [...COUNTING_RULES.counted, ...COUNTING_RULES.notCounted]) expect(page.body).toContain(rule);
    const one = await owner.call('GET', `/admin/performance?trainerId=${ben.trainer}&days=90`);
    expect(one.body).toContain('Weekend');
    expect(one.body).not.toContain('Basic Training</h2>');
    expect((await owner.call('GET', `/admin/performance?trainerId=${UNKNOWN}`)).status).toBe(404);
  });

  test('is 403 for an editor', async () => {
    const editor = await adminClient(base(), EDITOR.email, EDITOR.password);
    const page = await editor.call('GET', '/admin/performance');
    expect(page.status).toBe(403);
    expect(page.body).toContain('Only the owner and admins see how listings perform.');
  });
});
