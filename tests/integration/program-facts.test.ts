import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer } from '../support/fixtures';
import { validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';

/**
 * Program facts (docs/product.md, Program facts) through the real server and database: stored,
 * validated with row-level field errors, disclosed before a Basic Training is listed, and found by
 * the public list's new filters. Runs on the embedded database and on PostgreSQL (TEST_DB_TARGET).
 */
const base = () => process.env.TEST_BASE_URL!;
const publicGet = async (path: string) => {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
};
const titles = (list: { title: string }[]) => list.map((t) => t.title).sort();

const APA_STATEMENT =
  'This program is approved by the American Psychological Association.  Sponsor maintains responsibility\nfor the program.';
const NBCC_STATEMENT = 'Approved by NBCC, ACEP No. 7004 — credit only for full attendance.';

const basicTraining = (trainerId: string, overrides: Record<string, unknown> = {}) => ({
  ...validTraining(trainerId),
  title: 'Basic with APA and NBCC',
  startDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  endDate: new Date(Date.now() + 22 * 86_400_000).toISOString(),
  price: 1450,
  programType: 'basic',
  ceApprovals: [
    { body: 'APA', hours: 50, statement: APA_STATEMENT },
    { body: 'NBCC', hours: 50, providerNumber: '7004', statement: NBCC_STATEMENT },
  ],
  consultation: { hours: 10, included: true },
  completionWindowMonths: 18,
  refundPolicy: 'Full refund until 30 days before the start.',
  language: 'en',
  ...overrides,
});

let admin: AdminClient;
let trainerId: string;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
  trainerId = (await createTrainer({ name: 'Dr. Facts' })).id;
});

describe('program facts on the admin API', () => {
  test('a create without any of the new fields still gets 201, with the defaults', async () => {
    const created = await admin.call('POST', '/api/admin/trainings', validTraining(trainerId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      programType: null,
      ceApprovals: [],
      consultation: null,
      completionWindowMonths: null,
      language: 'en',
      eligibility: null,
      accessibility: null,
      totalCost: { min: 900, max: 900, complete: false },
    });
  });

  test('a Basic training with APA 50 h and NBCC 50 h is stored as sent, statements verbatim, with its total cost', async () => {
    const created = await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, { consultation: { hours: 10, included: false, costMin: 600, costMax: 900 } }),
    );
    expect(created.status).toBe(201);
    const body = created.body as Record<string, unknown>;
    expect(body.ceApprovals).toEqual([
      { body: 'APA', boardName: null, providerNumber: null, hours: 50, statement: APA_STATEMENT },
      { body: 'NBCC', boardName: null, providerNumber: '7004', hours: 50, statement: NBCC_STATEMENT },
    ]);
    expect(body.totalCost).toEqual({ min: 2050, max: 2350, complete: true });
    const listed = (await admin.call('GET', '/api/admin/trainings')).body as Record<string, unknown>[];
    expect(listed[0]).toMatchObject({ programType: 'basic', completionWindowMonths: 18, totalCost: { max: 2350 } });
  });

  test('a bad approval row gets 400 with the field error on that row', async () => {
    const response = await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, {
        ceApprovals: [
          { body: 'APA', hours: 50 },
          { body: 'NBCC', hours: 0.3 },
          { body: 'STATE_BOARD', hours: 10 },
        ],
        consultation: { hours: 10, included: false, costMin: 900, costMax: 600 },
        completionWindowMonths: 40,
        language: 'zz',
      }),
    );
    expect(response.status).toBe(400);
    const fieldErrors = (response.body as { fieldErrors: Record<string, string[]> }).fieldErrors;
    expect(fieldErrors['ceApprovals.1.hours']).toEqual([
      'CE hours must be more than 0 and at most 200, in quarter hours',
    ]);
    expect(fieldErrors['ceApprovals.2.boardName']).toEqual(['Name the board that approves it']);
    expect(fieldErrors['consultation.costMax']).toEqual(['The highest cost must not be below the lowest']);
    expect(fieldErrors.completionWindowMonths).toBeDefined();
    expect(fieldErrors.language).toBeDefined();
    expect((await admin.call('GET', '/api/admin/trainings')).body).toEqual([]);
  });

  test('a body appears once; a state board once per board name', async () => {
    const twice = await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, {
        ceApprovals: [
          { body: 'APA', hours: 50 },
          { body: 'STATE_BOARD', boardName: 'California BBS', hours: 50 },
          { body: 'STATE_BOARD', boardName: 'Texas BHEC', hours: 50 },
          { body: 'APA', hours: 5 },
          { body: 'STATE_BOARD', boardName: 'california bbs', hours: 5 },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    const fieldErrors = (twice.body as { fieldErrors: Record<string, string[]> }).fieldErrors;
    expect(fieldErrors['ceApprovals.3.body']).toEqual(['APA: This body is already listed']);
    expect(fieldErrors['ceApprovals.4.boardName']).toEqual(['This board is already listed']);
    expect(fieldErrors['ceApprovals.2.boardName']).toBeUndefined();
  });

  test('publishing a Basic training without consultation gets 422 with a consultation field error', async () => {
    const refused = await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, { consultation: null, completionWindowMonths: null }),
    );
    expect(refused.status).toBe(422);
    expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      consultation: [expect.stringMatching(/consultation/)],
      completionWindowMonths: [expect.stringMatching(/completion window/)],
    });

    // As a draft it is kept; the toggle to publish is refused the same way, and nothing changes.
    const draft = await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, { consultation: null, isPublished: false }),
    );
    expect(draft.status).toBe(201);
    const id = (draft.body as { id: string }).id;
    const toggle = await admin.call('PATCH', `/api/admin/trainings/${id}`, { isPublished: true });
    expect(toggle.status).toBe(422);
    expect(Object.keys((toggle.body as { fieldErrors: object }).fieldErrors)).toEqual(['consultation']);
    const fixed = await admin.call('PATCH', `/api/admin/trainings/${id}`, {
      isPublished: true,
      consultation: { hours: 10, included: true },
    });
    expect(fixed.status).toBe(200);

    // Other programs publish as before.
    const advanced = await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, { programType: 'advanced', consultation: null, refundPolicy: '' }),
    );
    expect(advanced.status).toBe(201);
  });
});

describe('program facts on the public list', () => {
  test('ce, type, lang, priceMax and disclosed filter; counts say how many per option', async () => {
    await admin.call('POST', '/api/admin/trainings', basicTraining(trainerId));
    await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, {
        title: 'Spanish advanced with ASWB',
        programType: 'advanced',
        language: 'es',
        price: 600,
        ceApprovals: [{ body: 'ASWB', hours: 12 }],
        consultation: null,
      }),
    );
    await admin.call('POST', '/api/admin/trainings', { ...validTraining(trainerId), title: 'Plain', price: 800 });

    expect(titles((await publicGet('/api/trainings?ce=APA')).body)).toEqual(['Basic with APA and NBCC']);
    expect(titles((await publicGet('/api/trainings?ce=ASWB')).body)).toEqual(['Spanish advanced with ASWB']);
    expect(titles((await publicGet('/api/trainings?ce=NBCC,ASWB')).body)).toHaveLength(2);
    expect(titles((await publicGet('/api/trainings?ce=APA&ce=ASWB')).body)).toHaveLength(2);
    expect(titles((await publicGet('/api/trainings?type=basic')).body)).toEqual(['Basic with APA and NBCC']);
    expect(titles((await publicGet('/api/trainings?lang=es')).body)).toEqual(['Spanish advanced with ASWB']);
    expect(titles((await publicGet('/api/trainings?priceMax=999')).body)).toEqual([
      'Plain',
      'Spanish advanced with ASWB',
    ]);
    expect(titles((await publicGet('/api/trainings?disclosed=1')).body)).toEqual(['Basic with APA and NBCC']);

    const counted = await publicGet('/api/trainings?ce=APA&page=1&counts=1');
    const counts = JSON.parse(counted.headers.get('x-filter-counts')!);
    expect(counts.ce).toMatchObject({ APA: 1, NBCC: 1, ASWB: 1, NAADAC: 0 });
    expect(counts.type).toMatchObject({ basic: 1, advanced: 0 });
    expect(counts.lang).toEqual({ en: 1 });

    const listed = (await publicGet('/api/trainings?ce=APA')).body[0];
    expect(listed.ceApprovals.map((a: { statement: string }) => a.statement)).toEqual([APA_STATEMENT, NBCC_STATEMENT]);
    expect(listed.totalCost).toEqual({ min: 1450, max: 1450, complete: true });
  });

  test('?priceMax=999 excludes a $1,450 training; the total with consultation counts', async () => {
    await admin.call('POST', '/api/admin/trainings', basicTraining(trainerId, { title: 'Tuition 1450' }));
    await admin.call(
      'POST',
      '/api/admin/trainings',
      basicTraining(trainerId, {
        title: 'Tuition 800 plus consultation',
        price: 800,
        consultation: { hours: 10, included: false, costMin: 100, costMax: 300 },
      }),
    );
    expect(titles((await publicGet('/api/trainings?priceMax=999')).body)).toEqual([]);
    expect(titles((await publicGet('/api/trainings?priceMax=1100')).body)).toEqual(['Tuition 800 plus consultation']);
  });

  test.each([
    ['ce=XYZ', 'ce'],
    ['ce=APA,', 'ce'],
    ['type=expert', 'type'],
    ['lang=zz', 'lang'],
    ['priceMax=cheap', 'priceMax'],
    ['priceMax=-5', 'priceMax'],
    ['disclosed=yes', 'disclosed'],
  ])('a bad value (%s) gets 400 with a field error on %s, never an empty list', async (query, field) => {
    const { status, body } = await publicGet(`/api/trainings?${query}`);
    expect(status).toBe(400);
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
  });
});
