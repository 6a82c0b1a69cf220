import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { DEMO_OFFERINGS, demoOfferingBody } from '../../db/seed/consultation';

/**
 * Scope below the routes (docs/product.md, Partners; docs/architecture.md, convention 18): every
 * /api/admin/* route and method, walked as a partner of trainer A. Trainer B's ids answer 404 (as an
 * unknown id would), the team's and the site's routes answer 403 whatever the id, and A's own records
 * work. The table is checked against the route files, so a new route fails here until it is added.
 */
const base = () => process.env.TEST_BASE_URL!;
const ROUTES = 'src/pages/api/admin';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PARTNER = 'partner-a@partners.example';
const PASSWORD = 'a long partner passphrase';
const ROLE_REFUSED = { error: 'Your role may not do this' };

interface Ids {
  trainerA: string;
  trainingA: string;
  spareTrainingA: string;
  trainerB: string;
  trainingB: string;
  offeringA: string;
  offeringB: string;
}

interface Check {
  path: string;
  body?: unknown;
  status: number;
  /** The error the answer names (404s and 403s use the one error shape). */
  error?: string;
}

/**
 * `team`: the site's team only (403 for a partner); `scoped`: a listing route, B's ids 404 and A's
 * own as given; `account`: the partner's own account; `public`: no session needed.
 */
type Kind = 'team' | 'scoped' | 'account' | 'public';
type Row = [Kind, (ids: Ids) => Check[]];

const team = (path: string | ((ids: Ids) => string), body?: unknown): Row => [
  'team',
  (ids) => [{ path: typeof path === 'string' ? path : path(ids), body, status: 403, error: ROLE_REFUSED.error }],
];

/** A consultation offering of the demo's (docs/product.md, Consultation), for a trainer. */
const validOffering = (trainerId: string) =>
  demoOfferingBody(DEMO_OFFERINGS[0]!, { trainerId, trainingIds: {} }, new Date());
const OFFERING_NOT_FOUND = 'Consultation offering not found';

const patchedTrainer = { ...validTrainer, name: 'Dr. A, renamed by their partner' };

const TABLE: Record<string, Row> = {
  'PATCH admins/[id].ts': team(`/api/admin/admins/${UNKNOWN}`, { role: 'owner' }),
  'DELETE admins/[id].ts': team(`/api/admin/admins/${UNKNOWN}`),
  'GET admins/index.ts': team('/api/admin/admins'),
  'GET analytics.ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/analytics?trainerId=${ids.trainerB}`, status: 404, error: 'Trainer not found' },
      { path: `/api/admin/analytics?trainerId=${ids.trainerA}`, status: 200 },
      { path: '/api/admin/analytics', status: 200 },
    ],
  ],
  'GET analytics.csv.ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/analytics.csv?trainerId=${ids.trainerB}`, status: 404, error: 'Trainer not found' },
      { path: `/api/admin/analytics.csv?trainerId=${ids.trainerA}`, status: 200 },
    ],
  ],
  'GET changes.ts': team('/api/admin/changes'),
  'GET changes.csv.ts': team('/api/admin/changes.csv'),
  'DELETE invitations/[id].ts': team(`/api/admin/invitations/${UNKNOWN}`),
  'POST invitations/[token]/accept.ts': [
    'public',
    () => [{ path: '/api/admin/invitations/no-such-token/accept', body: { password: PASSWORD }, status: 404 }],
  ],
  'GET invitations/index.ts': team('/api/admin/invitations'),
  // Import (docs/product.md, Import): a partner's own runs; B's listings and another's runs are unknown.
  'GET imports/index.ts': ['scoped', () => [{ path: '/api/admin/imports', status: 200 }]],
  'POST imports/index.ts': ['scoped', () => [{ path: '/api/admin/imports', body: {}, status: 400 }]],
  'POST imports/[id]/apply.ts': [
    'scoped',
    () => [{ path: `/api/admin/imports/${UNKNOWN}/apply`, body: {}, status: 404 }],
  ],
  'GET imports/locks/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/imports/locks/${ids.trainingB}`, status: 404, error: 'Training not found' },
      { path: `/api/admin/imports/locks/${ids.trainingA}`, status: 200 },
    ],
  ],
  'POST imports/left/[id].ts': [
    'scoped',
    (ids) => [{ path: `/api/admin/imports/left/${ids.trainingB}`, body: { decision: 'keep' }, status: 404 }],
  ],
  'GET imports/template.csv.ts': ['scoped', () => [{ path: '/api/admin/imports/template.csv', status: 200 }]],
  'POST invitations/index.ts': team('/api/admin/invitations', { email: 'x@team.example', role: 'editor' }),
  'POST link-health/[id]/check.ts': team((ids) => `/api/admin/link-health/${ids.trainingB}/check`, {}),
  'POST link-health/[id]/dismiss.ts': team((ids) => `/api/admin/link-health/${ids.trainingA}/dismiss`, {}),
  'GET listing-problems.ts': team('/api/admin/listing-problems'),
  'POST password-reset/index.ts': [
    'public',
    () => [{ path: '/api/admin/password-reset', body: { email: 'nobody@partners.example' }, status: 202 }],
  ],
  'POST password-reset/confirm.ts': [
    'public',
    () => [
      { path: '/api/admin/password-reset/confirm', body: { token: 'x'.repeat(43), password: PASSWORD }, status: 404 },
    ],
  ],
  'POST login.ts': [
    'public',
    () => [{ path: '/api/admin/login', body: { email: PARTNER, password: 'wrong' }, status: 401 }],
  ],
  'POST login/passkey/index.ts': ['public', () => [{ path: '/api/admin/login/passkey', body: {}, status: 400 }]],
  'POST login/passkey/options.ts': [
    'public',
    () => [{ path: '/api/admin/login/passkey/options', body: {}, status: 200 }],
  ],
  'POST login/second-factor.ts': [
    'public',
    () => [{ path: '/api/admin/login/second-factor', body: { code: '123456' }, status: 401 }],
  ],
  // Walked with a session of its own (it ends the session it is called with).
  'POST logout.ts': ['account', () => [{ path: '/api/admin/logout', body: {}, status: 200 }]],
  'PUT me/notices/[notice].ts': [
    'account',
    () => [{ path: '/api/admin/me/notices/no-such-notice', body: {}, status: 404 }],
  ],
  'DELETE me/other-sessions.ts': ['account', () => [{ path: '/api/admin/me/other-sessions', status: 200 }]],
  // A short password is refused before anything changes: the walk's session stays as it is.
  'PUT me/password.ts': [
    'account',
    () => [{ path: '/api/admin/me/password', body: { password: 'short' }, status: 400 }],
  ],
  'PATCH me/passkeys/[id].ts': [
    'account',
    () => [{ path: `/api/admin/me/passkeys/${UNKNOWN}`, body: { name: 'Laptop' }, status: 404 }],
  ],
  'DELETE me/passkeys/[id].ts': ['account', () => [{ path: `/api/admin/me/passkeys/${UNKNOWN}`, status: 404 }]],
  'GET me/passkeys/index.ts': ['account', () => [{ path: '/api/admin/me/passkeys', status: 200 }]],
  'POST me/passkeys/index.ts': ['account', () => [{ path: '/api/admin/me/passkeys', body: {}, status: 400 }]],
  'POST me/passkeys/options.ts': ['account', () => [{ path: '/api/admin/me/passkeys/options', body: {}, status: 200 }]],
  'GET me/step-up/index.ts': ['account', () => [{ path: '/api/admin/me/step-up', status: 200 }]],
  'POST me/step-up/index.ts': [
    'account',
    () => [{ path: '/api/admin/me/step-up', body: { password: PASSWORD }, status: 200 }],
  ],
  'POST me/step-up/passkey/index.ts': [
    'account',
    () => [{ path: '/api/admin/me/step-up/passkey', body: {}, status: 400 }],
  ],
  'POST me/step-up/passkey/options.ts': [
    'account',
    () => [
      {
        path: '/api/admin/me/step-up/passkey/options',
        body: {},
        status: 409,
        error: 'You have no passkeys: use your password',
      },
    ],
  ],
  'GET me/totp/index.ts': ['account', () => [{ path: '/api/admin/me/totp', status: 200 }]],
  'POST me/totp/index.ts': ['account', () => [{ path: '/api/admin/me/totp', body: {}, status: 200 }]],
  'DELETE me/totp/index.ts': ['account', () => [{ path: '/api/admin/me/totp', body: {}, status: 400 }]],
  'POST me/totp/recovery-codes.ts': [
    'account',
    () => [{ path: '/api/admin/me/totp/recovery-codes', body: {}, status: 400 }],
  ],
  'POST me/totp/verify.ts': [
    'account',
    () => [{ path: '/api/admin/me/totp/verify', body: { code: '000000' }, status: 400 }],
  ],
  'POST objects/upload.ts': ['scoped', () => [{ path: '/api/admin/objects/upload', body: {}, status: 200 }]],
  'GET postal-places/[zip].ts': ['scoped', () => [{ path: '/api/admin/postal-places/95814', status: 200 }]],
  'GET partners/index.ts': team('/api/admin/partners'),
  'GET partner-invitations/index.ts': team('/api/admin/partner-invitations'),
  'DELETE partner-invitations/[id].ts': team(`/api/admin/partner-invitations/${UNKNOWN}`),
  'POST partner-invitations/[id]/resend.ts': team(`/api/admin/partner-invitations/${UNKNOWN}/resend`),
  'GET reviews/waiting.ts': team('/api/admin/reviews/waiting'),
  'PATCH partners/[id].ts': team(`/api/admin/partners/${UNKNOWN}`, { trusted: true }),
  'DELETE partners/[id].ts': team(`/api/admin/partners/${UNKNOWN}`),
  'PUT partners/[id]/trainers.ts': team(`/api/admin/partners/${UNKNOWN}/trainers`, { trainerIds: [] }),
  'PATCH reports/[id].ts': team(`/api/admin/reports/${UNKNOWN}`, { outcome: 'fixed', note: 'x' }),
  'GET session.ts': ['public', () => [{ path: '/api/admin/session', status: 200 }]],
  'GET settings/two-factor.ts': team('/api/admin/settings/two-factor'),
  'PUT settings/two-factor.ts': team('/api/admin/settings/two-factor', { required: true }),
  'GET site-status.ts': team('/api/admin/site-status'),
  'PUT trainer-photos.ts': ['scoped', () => [{ path: '/api/admin/trainer-photos', body: {}, status: 400 }]],
  'PATCH trainers/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/trainers/${ids.trainerB}`, body: validTrainer, status: 404, error: 'Trainer not found' },
      { path: `/api/admin/trainers/${ids.trainerA}`, body: patchedTrainer, status: 202 },
    ],
  ],
  'DELETE trainers/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/trainers/${ids.trainerB}`, status: 404, error: 'Trainer not found' },
      // Partners keep the profiles they are given: deleting their own is the team's (403).
      { path: `/api/admin/trainers/${ids.trainerA}`, status: 403 },
    ],
  ],
  'GET trainers/[id]/credential-checks.ts': team((ids) => `/api/admin/trainers/${ids.trainerA}/credential-checks`),
  'POST trainers/[id]/credential-checks.ts': team((ids) => `/api/admin/trainers/${ids.trainerB}/credential-checks`, {}),
  'GET trainers/index.ts': [
    'scoped',
    () => [
      { path: '/api/admin/trainers', status: 200 },
      { path: '/api/admin/trainers?page=1', status: 200 },
    ],
  ],
  'POST trainers/index.ts': ['scoped', () => [{ path: '/api/admin/trainers', body: validTrainer, status: 403 }]],
  'PATCH trainings/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/trainings/${ids.trainingB}`, body: { price: 1 }, status: 404, error: 'Training not found' },
      // Moving one's own training to another trainer is that trainer's 404.
      {
        path: `/api/admin/trainings/${ids.trainingA}`,
        body: { trainerId: ids.trainerB },
        status: 404,
        error: 'Trainer not found',
      },
      // A price change waits for review (docs/product.md, Review queue); seats left apply at once.
      { path: `/api/admin/trainings/${ids.trainingA}`, body: { price: 750 }, status: 202 },
      { path: `/api/admin/trainings/${ids.trainingA}`, body: { seatsLeft: 4 }, status: 202 },
      { path: `/api/admin/trainings/${ids.spareTrainingA}`, body: { seatsLeft: 4 }, status: 200 },
    ],
  ],
  'DELETE trainings/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/trainings/${ids.trainingB}`, status: 404, error: 'Training not found' },
      // Deleting a training the public sees is a request the team reviews (docs/product.md, Review queue).
      { path: `/api/admin/trainings/${ids.spareTrainingA}`, status: 202 },
    ],
  ],
  'POST trainings/[id]/copy.ts': [
    'scoped',
    (ids) => [
      {
        path: `/api/admin/trainings/${ids.trainingB}/copy`,
        body: { startDate: '2028-01-10' },
        status: 404,
        error: 'Training not found',
      },
      // A's own is reached (its bad date is 400, not 404), without adding a training the lists count.
      { path: `/api/admin/trainings/${ids.trainingA}/copy`, body: { startDate: 'soon' }, status: 400 },
    ],
  ],
  'POST trainings/[id]/confirm.ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/trainings/${ids.trainingB}/confirm`, body: {}, status: 404, error: 'Training not found' },
      { path: `/api/admin/trainings/${ids.trainingA}/confirm`, body: {}, status: 200 },
    ],
  ],
  'GET reviews/index.ts': team('/api/admin/reviews'),
  'GET reviews/[id].ts': team(`/api/admin/reviews/${UNKNOWN}`),
  'POST reviews/[id]/approve.ts': team(`/api/admin/reviews/${UNKNOWN}/approve`),
  'POST reviews/[id]/reject.ts': team(`/api/admin/reviews/${UNKNOWN}/reject`, { reason: 'No' }),
  'POST reviews/[id]/withdraw.ts': [
    'scoped',
    () => [{ path: `/api/admin/reviews/${UNKNOWN}/withdraw`, status: 404, error: 'Submission not found' }],
  ],
  'GET consultations/index.ts': ['scoped', () => [{ path: '/api/admin/consultations', status: 200 }]],
  'POST consultations/index.ts': [
    'scoped',
    (ids) => [
      { path: '/api/admin/consultations', body: validOffering(ids.trainerB), status: 404, error: 'Trainer not found' },
      { path: '/api/admin/consultations', body: validOffering(ids.trainerA), status: 201 },
    ],
  ],
  'GET consultations/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/consultations/${ids.offeringB}`, status: 404, error: OFFERING_NOT_FOUND },
      { path: `/api/admin/consultations/${UNKNOWN}`, status: 404, error: OFFERING_NOT_FOUND },
      { path: `/api/admin/consultations/${ids.offeringA}`, status: 200 },
    ],
  ],
  'PATCH consultations/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/consultations/${ids.offeringB}`, body: { price: 1 }, status: 404, error: OFFERING_NOT_FOUND },
      {
        path: `/api/admin/consultations/${ids.offeringA}`,
        body: { trainerId: ids.trainerB },
        status: 404,
        error: 'Trainer not found',
      },
      // Every change of an offering the public sees waits for review.
      { path: `/api/admin/consultations/${ids.offeringA}`, body: { price: 50 }, status: 202 },
    ],
  ],
  'DELETE consultations/[id].ts': [
    'scoped',
    (ids) => [
      { path: `/api/admin/consultations/${ids.offeringB}`, status: 404, error: OFFERING_NOT_FOUND },
      { path: `/api/admin/consultations/${ids.offeringA}`, status: 202 },
    ],
  ],
  'GET trainings/index.ts': [
    'scoped',
    () => [
      { path: '/api/admin/trainings', status: 200 },
      { path: '/api/admin/trainings?page=1', status: 200 },
    ],
  ],
  'POST trainings/index.ts': [
    'scoped',
    (ids) => [
      { path: '/api/admin/trainings', body: validTraining(ids.trainerB), status: 404, error: 'Trainer not found' },
      { path: '/api/admin/trainings', body: validTraining(UNKNOWN), status: 404, error: 'Trainer not found' },
      { path: '/api/admin/trainings', body: validTraining(ids.trainerA), status: 201 },
    ],
  ],
};

/** Every route file under src/pages/api/admin with each method it exports, as "METHOD relative/path.ts". */
function routesOnDisk(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const source = fs.readFileSync(full, 'utf8');
        for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/g))
          found.push(`${method} ${path.relative(ROUTES, full).split(path.sep).join('/')}`);
      }
    }
  };
  walk(ROUTES);
  return found.sort();
}

let ids: Ids;
let partner: AdminClient;

async function removePartners() {
  const sql = await getSql();
  await sql`delete from admin_users where email like '%@partners.example'`;
}

beforeAll(async () => {
  await resetDatabase();
  await removePartners();
  const owner = await adminClient();
  const trainer = async (name: string) =>
    (await owner.call('POST', '/api/admin/trainers', { ...validTrainer, name })).body.id as string;
  const training = async (trainerId: string, title: string) =>
    (await owner.call('POST', '/api/admin/trainings', { ...validTraining(trainerId), title })).body.id as string;
  const trainerA = await trainer('Dr. A');
  const trainerB = await trainer('Dr. B');
  ids = {
    trainerA,
    trainerB,
    trainingA: await training(trainerA, 'A one'),
    spareTrainingA: await training(trainerA, 'A spare'),
    trainingB: await training(trainerB, 'B one'),
    offeringA: (await owner.call('POST', '/api/admin/consultations', validOffering(trainerA))).body.id as string,
    offeringB: (await owner.call('POST', '/api/admin/consultations', validOffering(trainerB))).body.id as string,
  };
  // The account as an accepted invitation leaves it (docs/product.md, Partners): role partner, linked to A.
  const sql = await getSql();
  const [member] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values (${PARTNER}, ${await hashPassword(PASSWORD)}, 'partner')
    returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainerA})`;
  partner = await adminClient(base(), PARTNER, PASSWORD);
});
afterAll(async () => {
  await resetDatabase();
  await removePartners();
});

describe('a partner of trainer A on every admin API route', () => {
  test('the table names every route file and method, so a new route is walked here before it ships', () => {
    expect(Object.keys(TABLE).sort()).toEqual(routesOnDisk());
  });

  test.each(Object.entries(TABLE))('%s', async (key, [kind, checks]) => {
    const method = key.split(' ')[0]!;
    // Logout ends the session it is called with: it gets one of its own.
    const client = key === 'POST logout.ts' ? await adminClient(base(), PARTNER, PASSWORD) : partner;
    for (const check of checks(ids)) {
      const answer = await client.call(method, check.path, check.body);
      const where = `${kind}: ${method} ${check.path}`;
      expect(answer.status, `${where} ${JSON.stringify(answer.body)}`).toBe(check.status);
      if (kind === 'team') expect(answer.body, where).toEqual(ROLE_REFUSED);
      else if (check.error) expect(answer.body, where).toMatchObject({ error: check.error });
    }
  });
});

describe('what a partner of trainer A lists', () => {
  test('only A and only A’s trainings, whole or paged', async () => {
    const trainers = await partner.call('GET', '/api/admin/trainers');
    expect(trainers.body.map((t: { id: string }) => t.id)).toEqual([ids.trainerA]);
    const paged = await partner.call('GET', '/api/admin/trainers?page=1');
    expect(paged.body.map((t: { id: string }) => t.id)).toEqual([ids.trainerA]);
    expect(paged.headers.get('x-total-count')).toBe('1');
    const trainings = await partner.call('GET', '/api/admin/trainings');
    expect(trainings.body.length).toBeGreaterThan(0);
    expect(trainings.body.every((t: { trainerId: string }) => t.trainerId === ids.trainerA)).toBe(true);
    const pagedTrainings = await partner.call('GET', '/api/admin/trainings?page=1&search=one');
    expect(pagedTrainings.body.map((t: { id: string }) => t.id)).toEqual([ids.trainingA]);
  });

  test('the team still lists every trainer', async () => {
    const owner = await adminClient();
    const trainers = await owner.call('GET', '/api/admin/trainers');
    expect(trainers.body.map((t: { id: string }) => t.id).sort()).toEqual([ids.trainerA, ids.trainerB].sort());
  });
});
