import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer } from '../support/fixtures';
import { validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';

/**
 * Who can attend (docs/product.md, Program facts) through the real server and database:
 * stored and validated with field errors, found by the public list's "I am a …" and "I can take
 * now" filters with their counts. Runs on the embedded database and on PostgreSQL (TEST_DB_TARGET).
 */
const base = () => process.env.TEST_BASE_URL!;
const publicGet = async (path: string) => {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
};
const titles = (list: { title: string }[]) => list.map((t) => t.title);

let admin: AdminClient;
let trainerId: string;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
  trainerId = (await createTrainer({ name: 'Dr. Who Attends' })).id;
});

/** A training starting in `days` days, so the list's order is known. */
const training = (title: string, days: number, facts: Record<string, unknown> = {}) => ({
  ...validTraining(trainerId),
  title,
  startDate: new Date(Date.now() + days * 86_400_000).toISOString(),
  endDate: new Date(Date.now() + (days + 1) * 86_400_000).toISOString(),
  ...facts,
});
const create = async (body: Record<string, unknown>) => {
  const created = await admin.call('POST', '/api/admin/trainings', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Record<string, unknown> & { id: string };
};

describe('who can attend on the admin API', () => {
  test('a SPEC-shaped create still gets 201 and looks as today, stating nothing about who attends', async () => {
    const body = validTraining(trainerId);
    const created = await admin.call('POST', '/api/admin/trainings', body);
    expect(created.status).toBe(201);
    const { startDate, endDate, ...rest } = body;
    expect(created.body).toMatchObject({
      ...rest,
      venue: null,
      schedule: null,
      refundPolicy: null,
      startDate: new Date(startDate).toISOString(),
      endDate: new Date(endDate).toISOString(),
      eligibility: null,
      eligibleLicenses: [],
      otherLicense: null,
      preLicensed: null,
      students: null,
      prerequisite: null,
      prerequisiteText: null,
      restrictedTo: null,
    });
  });

  test('the facts are stored as sent, and a change of one keeps the others', async () => {
    const created = await create(
      training('For counselors', 10, {
        eligibleLicenses: ['social_worker', 'counselor', 'other'],
        otherLicense: 'Licensed creative arts therapists',
        preLicensed: true,
        students: { allowed: true, proof: 'A letter from the program director' },
        prerequisite: 'none',
        restrictedTo: 'Staff of County Behavioral Health only',
        eligibility: 'Bring your license number.',
      }),
    );
    expect(created).toMatchObject({
      eligibleLicenses: ['counselor', 'social_worker', 'other'],
      otherLicense: 'Licensed creative arts therapists',
      preLicensed: true,
      students: { allowed: true, proof: 'A letter from the program director' },
      prerequisite: 'none',
      prerequisiteText: null,
      restrictedTo: 'Staff of County Behavioral Health only',
      eligibility: 'Bring your license number.',
    });
    const patched = await admin.call('PATCH', `/api/admin/trainings/${created.id}`, {
      students: { allowed: false, proof: 'dropped: students are not taken' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      students: { allowed: false, proof: null },
      eligibleLicenses: ['counselor', 'social_worker', 'other'],
      restrictedTo: 'Staff of County Behavioral Health only',
    });
    // The history holds the change like any other field's.
    const changes = await admin.call('GET', `/api/admin/changes?entityType=training&entityId=${created.id}`);
    const [update] = changes.body as { before: Record<string, unknown>; after: Record<string, unknown> }[];
    expect(update!.before.students).toEqual({ allowed: true, proof: 'A letter from the program director' });
    expect(update!.after.students).toEqual({ allowed: false, proof: null });
  });

  test('bad values get 400 with a message on each field, and nothing is stored', async () => {
    const refused = await admin.call(
      'POST',
      '/api/admin/trainings',
      training('Refused', 10, {
        eligibleLicenses: ['counselor', 'astronaut'],
        preLicensed: 'sometimes',
        students: { allowed: true, proof: 'x'.repeat(201) },
        prerequisite: 'phd',
        restrictedTo: 'y'.repeat(201),
      }),
    );
    expect(refused.status).toBe(400);
    const fieldErrors = (refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors;
    expect(fieldErrors['eligibleLicenses.1']).toEqual(['Choose license types from the list']);
    expect(fieldErrors.preLicensed).toEqual(['Say whether pre-licensed clinicians may attend']);
    expect(fieldErrors['students.proof']).toEqual(['Must be at most 200 characters']);
    expect(fieldErrors.prerequisite).toBeDefined();
    expect(fieldErrors.restrictedTo).toEqual(['Must be at most 200 characters']);

    const unnamed = await admin.call(
      'POST',
      '/api/admin/trainings',
      training('Unnamed', 10, { eligibleLicenses: ['other'], prerequisite: 'other' }),
    );
    expect(unnamed.status).toBe(400);
    expect((unnamed.body as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      otherLicense: ['Name the other license type'],
      prerequisiteText: ['Describe the prerequisite'],
    });
    expect((await admin.call('GET', '/api/admin/trainings')).body).toEqual([]);
  });
});

describe('who can attend on the public list', () => {
  beforeEach(async () => {
    // Soonest first: the training that states nothing starts first.
    await create(training('States nothing', 5));
    await create(training('For counselors', 10, { eligibleLicenses: ['counselor', 'social_worker'] }));
    await create(training('Psychologists only', 15, { eligibleLicenses: ['psychologist'] }));
    await create(
      training('Advanced, students welcome', 20, {
        programType: 'advanced',
        eligibleLicenses: ['psychologist', 'counselor'],
        students: { allowed: true, proof: null },
        prerequisite: 'emdr_basic',
      }),
    );
  });

  test('a counselor gets the trainings for counselors, then the one that states nothing, not the one for psychologists only', async () => {
    const { status, body } = await publicGet('/api/trainings?license=counselor');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['For counselors', 'Advanced, students welcome', 'States nothing']);
    expect(body.map((t: { eligibilityNotStated?: boolean }) => t.eligibilityNotStated ?? false)).toEqual([
      false,
      false,
      true,
    ]);
    expect(titles((await publicGet('/api/trainings?license=student')).body)).toEqual([
      'Advanced, students welcome',
      'States nothing',
    ]);
  });

  test('prereq=none hides the Advanced training; the cards say it all', async () => {
    expect(titles((await publicGet('/api/trainings?prereq=none')).body)).toEqual([
      'States nothing',
      'For counselors',
      'Psychologists only',
    ]);
    const cards = (await publicGet('/api/trainings?license=psychologist&fields=card&page=1')).body;
    expect(cards.map((c: { title: string }) => c.title)).toEqual([
      'Psychologists only',
      'Advanced, students welcome',
      'States nothing',
    ]);
    expect(cards[1]).toMatchObject({
      eligibilityBadges: ['Students welcome', 'Requires Basic Training'],
      licenses: ['Psychologists', 'Counselors'],
    });
    expect(cards[2]).toMatchObject({ eligibilityNotStated: true, eligibilityBadges: [], licenses: [] });
    expect(cards[0]).not.toHaveProperty('eligibilityNotStated');
  });

  test('X-Filter-Counts has a count per choice and for "I can take now", each given the other filters', async () => {
    const { headers } = await publicGet('/api/trainings?prereq=none&page=1&counts=1');
    const counts = JSON.parse(headers.get('x-filter-counts')!);
    expect(counts.license).toMatchObject({ counselor: 2, psychologist: 2, mft: 1, student: 1 });
    expect(counts.prereq).toBe(3);
    const narrowed = JSON.parse(
      (await publicGet('/api/trainings?license=mft&counts=1')).headers.get('x-filter-counts')!,
    );
    expect(narrowed.prereq).toBe(1);
    expect(narrowed.state).toEqual({ CA: 1 });
  });

  test.each([
    ['license=astronaut', 'license'],
    ['license=Counselor', 'license'],
    ['prereq=1', 'prereq'],
  ])('a bad value (%s) gets 400 with a field error on %s, never an empty list', async (query, field) => {
    const { status, body } = await publicGet(`/api/trainings?${query}`);
    expect(status).toBe(400);
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
  });
});
