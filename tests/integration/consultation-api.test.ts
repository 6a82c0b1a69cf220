import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { createTrainer } from '../support/fixtures';
import { waitFor } from '../support/server';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { DEMO_OFFERINGS, demoOfferingBody } from '../../db/seed/consultation';
import { OFFERING_RULES } from '../../src/domain/consultation/offeringRules';
import { INTRODUCTIONS_PER_ADDRESS_PER_DAY } from '../../src/domain/consultation/introduction';
import * as introductions from '../../src/data/introductions';
import { removeExpiredAlerts } from '../../src/services/alerts/alerts';

/**
 * Consultation offerings over HTTP (docs/product.md, Consultation): each of EMDRIA's rules refused
 * at submission with a 400 on its field and its message; partner scope (another's offering is 404);
 * a partner's new offering not public until a reviewer approves it; and "Request an introduction"
 * (202, limited as reports, mailed to the consultant, the address deleted after 30 days).
 */
let trust: TrustServer;
let owner: AdminClient;
let partner: AdminClient;
let trainerA: string;
let trainerB: string;
const PASSWORD = 'a long partner passphrase';
const DAY_MS = 86_400_000;

/** The demo's evening certification group (10 × 90 minutes, 10 group hours), for trainer `id`. */
const valid = (trainerId: string, over: Record<string, unknown> = {}) => ({
  ...demoOfferingBody(DEMO_OFFERINGS[0]!, { trainerId, trainingIds: {} }, new Date()),
  ...over,
});

const rule = (id: (typeof OFFERING_RULES)[number]['id']) => OFFERING_RULES.find((r) => r.id === id)!.message;

const publicIds = async (query = '') => {
  const r = await fetch(`${trust.server.url}/api/consultations${query}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { id: string }[]).map((o) => o.id);
};

const introduce = (id: string, body: unknown, client = '192.0.2.10') =>
  fetch(`${trust.server.url}/api/consultations/${id}/introduction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  trust = await startTrustServer();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  trainerA = (await createTrainer({ name: 'Dr. Consultant A' })).id;
  trainerB = (await createTrainer({ name: 'Dr. Consultant B' })).id;
  const sql = await getSql();
  const hash = await hashPassword(PASSWORD);
  const [member] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values ('cara@partners.example', ${hash}, 'partner') returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainerA})`;
  partner = await adminClient(trust.server.url, 'cara@partners.example', PASSWORD);
});

afterAll(async () => {
  await trust?.stop();
});

describe('the rules checked at submission: 400 on the field, with the rule', () => {
  const refused = async (body: Record<string, unknown>, field: string, message: string) => {
    const r = await owner.call('POST', '/api/admin/consultations', body);
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toContain(message);
  };

  test('a group toward EMDR Certification larger than 8', () =>
    refused(valid(trainerA, { groupMax: 9 }), 'groupMax', rule('certification-group-size')));

  test('individual hours claimed for a group of more than 4', () =>
    refused(
      valid(trainerA, { individualHours: 2, groupHours: 8 }),
      'individualHours',
      rule('individual-hours-group-size'),
    ));

  test('more than 15 certification hours from a consultant-in-training', () =>
    refused(
      valid(trainerA, { consultantCredential: 'emdria-consultant-in-training', sessionCount: 12, groupHours: 16 }),
      'groupHours',
      rule('cit-certification-hours'),
    ));

  test('consultation for consultants-in-training by anyone but an Approved Consultant', () =>
    refused(
      valid(trainerA, { consultantCredential: 'emdria-consultant-in-training', countsToward: ['cit'] }),
      'consultantCredential',
      rule('cit-consultation-by-approved'),
    ));

  test('Basic Training consultation that names no provider or training', () =>
    refused(
      valid(trainerA, { countsToward: ['basic'], designations: [] }),
      'designations',
      rule('basic-names-designation'),
    ));

  test('hours per member more than the meeting time', () =>
    refused(valid(trainerA, { groupHours: 16 }), 'groupHours', rule('hours-within-meeting-time')));

  test('a patch is checked with the rest: a group made larger than 8 is refused on the field', async () => {
    const created = await owner.call('POST', '/api/admin/consultations', valid(trainerA));
    expect(created.status).toBe(201);
    const r = await owner.call('PATCH', `/api/admin/consultations/${created.body.id}`, { groupMax: 10 });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.groupMax).toContain(rule('certification-group-size'));
    expect((await owner.call('DELETE', `/api/admin/consultations/${created.body.id}`)).status).toBe(200);
  });
});

describe('partner scope and the review queue', () => {
  let others: string;
  let mine: string;

  test('another trainer’s offering is 404 to a partner on every route, as an unknown one', async () => {
    const created = await owner.call('POST', '/api/admin/consultations', valid(trainerB));
    expect(created.status).toBe(201);
    others = created.body.id;
    for (const [method, body] of [['GET'], ['PATCH', { groupMax: 5 }], ['DELETE']] as const) {
      const r = await partner.call(method, `/api/admin/consultations/${others}`, body);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('Consultation offering not found');
    }
    const listed = (await partner.call('GET', '/api/admin/consultations')).body as { id: string }[];
    expect(listed.map((o) => o.id)).not.toContain(others);
    // Naming another's consultant for a new offering is the same 404.
    expect((await partner.call('POST', '/api/admin/consultations', valid(trainerB))).status).toBe(404);
    expect(await publicIds()).toContain(others);
  });

  test('a partner’s new offering is not public until a reviewer approves it', async () => {
    const created = await partner.call('POST', '/api/admin/consultations', valid(trainerA, { title: 'Cara’s group' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ reviewStatus: 'pending', isPublished: true });
    mine = created.body.id;
    expect(await publicIds()).not.toContain(mine);
    const own = await partner.call('GET', `/api/admin/consultations/${mine}`);
    expect(own.body).toMatchObject({ reviewStatus: 'pending', title: 'Cara’s group' });
    const queue = await owner.call('GET', '/api/admin/reviews');
    const waiting = (queue.body.submissions as { id: string; recordId: string; title: string; kind: string }[]).find(
      (s) => s.recordId === mine,
    )!;
    expect(waiting).toMatchObject({ kind: 'offering_create', title: 'Cara’s group' });
    const detail = await owner.call('GET', `/api/admin/reviews/${waiting.id}`);
    const approved = await owner.call('POST', `/api/admin/reviews/${waiting.id}/approve`, undefined, {
      'if-match': detail.headers.get('etag')!,
    });
    expect(approved.status).toBe(200);
    expect(await publicIds()).toContain(mine);
  });

  test('a partner’s edit of a live offering waits (202) and the public keeps the approved version', async () => {
    const r = await partner.call('PATCH', `/api/admin/consultations/${mine}`, { price: 50 });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ reviewStatus: 'pending', price: 50 });
    const live = await fetch(`${trust.server.url}/api/consultations`).then(
      (x) => x.json() as Promise<{ id: string; price: number }[]>,
    );
    expect(live.find((o) => o.id === mine)?.price).toBe(45);
  });

  test('the public list takes the page’s filters, and refuses a bad one on its field', async () => {
    expect(await publicIds('?toward=certification&kind=group')).toContain(mine);
    expect(await publicIds('?toward=basic')).not.toContain(mine);
    const bad = await fetch(`${trust.server.url}/api/consultations?toward=everything`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.toward).toBeDefined();
  });

  test('an introduction: 202, mailed to the consultant’s partner, the address deleted after 30 days', async () => {
    const r = await introduce(mine, { email: 'clinician@example.org', name: 'Dana', message: 'Evenings suit me.' });
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ status: 'received' });
    await waitFor(async () =>
      trust.smtp.received.some(
        (m) => m.to.includes('cara@partners.example') && /clinician@example\.org/.test(m.mail.text ?? ''),
      ),
    );
    expect(await introductions.emailsOf(mine)).toEqual(['clinician@example.org']);
    await removeExpiredAlerts(new Date(Date.now() + 29 * DAY_MS));
    expect(await introductions.emailsOf(mine)).toEqual(['clinician@example.org']);
    await removeExpiredAlerts(new Date(Date.now() + 31 * DAY_MS));
    expect(await introductions.emailsOf(mine)).toEqual([]);
  });

  test('introductions are limited as reports: the sixth from one address in a day is 429', async () => {
    const body = { email: 'someone@example.org' };
    for (let i = 0; i < INTRODUCTIONS_PER_ADDRESS_PER_DAY; i++)
      expect((await introduce(mine, body, '198.51.100.7')).status).toBe(202);
    const sixth = await introduce(mine, body, '198.51.100.7');
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('86400');
    expect((await introduce(mine, body, '198.51.100.8')).status).toBe(202);
  });

  test('a bad address is 400 on the field; an unknown or unapproved offering is 404', async () => {
    const bad = await introduce(mine, { email: 'not an address' }, '203.0.113.1');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.email).toBeDefined();
    expect(
      (await introduce('00000000-0000-4000-8000-000000000000', { email: 'a@example.org' }, '203.0.113.2')).status,
    ).toBe(404);
    const pending = await partner.call('POST', '/api/admin/consultations', valid(trainerA));
    expect((await introduce(pending.body.id, { email: 'a@example.org' }, '203.0.113.3')).status).toBe(404);
  });
});
