import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';

/**
 * Hostile input never causes a 5xx, and a refused input changes nothing. Generated with
 * fast-check (a fixed seed, so a failure reproduces) from values that break naive code: wrong
 * types, huge and unicode-edge strings, nulls, arrays for objects, SQL and HTML fragments, bad dates.
 */
const base = () => process.env.TEST_BASE_URL!;

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; drop table trainings; --",
    '" or 1=1 --',
    '</script><script>alert(1)</script>',
    '<!--<script>',
    'javascript:alert(1)',
    'line\r\nSet-Cookie: evil=1',
    '\u0000',
    '\ud800',
    '\u202e\u2066',
    '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
    '2027-02-30T25:61:00Z',
    'not a date',
    '9'.repeat(400),
    'x'.repeat(25_000),
    '',
    ' ',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, ['CA', 'NY']),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 2 }),
);
const TRAINER_KEYS = ['name', 'bio', 'credentials', 'photo', 'website', 'thinkificAffiliateUrl', 'statesServed', 'id'];
const TRAINING_KEYS = [
  'trainerId',
  'title',
  'description',
  'price',
  'startDate',
  'endDate',
  'location',
  'venue',
  'format',
  'state',
  'isEMDRIACertified',
  'ceCredits',
  'schedule',
  'refundPolicy',
  'thinkificUrl',
  'isPublished',
  'timeZone',
  'createdAt',
];
const body = (keys: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length }),
    fc.jsonValue({ maxDepth: 2 }),
    hostileString,
  );

async function fingerprint(): Promise<string> {
  const sql = await getSql();
  const [row] = await sql<{ fp: string }[]>`
    select coalesce((select md5(string_agg(t::text, ',' order by t.id)) from trainers t), '')
        || coalesce((select md5(string_agg(x::text, ',' order by x.id)) from trainings x), '')
        || coalesce((select md5(string_agg(a.id::text || a.email || a.password_hash, ',' order by a.id)) from admin_users a), '') as fp`;
  return row!.fp;
}

describe('hostile input', () => {
  let admin: AdminClient;
  let trainerId = '';
  let trainingId = '';

  beforeAll(async () => {
    await resetDatabase();
    admin = await adminClient();
    const trainer = await createTrainer();
    trainerId = trainer.id;
    trainingId = (await createTraining(trainer.id)).id;
  });

  const endpoints: [string, () => string, string[]][] = [
    ['POST', () => '/api/admin/trainers', TRAINER_KEYS],
    ['PATCH', () => (trainerId ? `/api/admin/trainers/${trainerId}` : '/api/admin/trainers/{id}'), TRAINER_KEYS],
    ['POST', () => '/api/admin/trainings', TRAINING_KEYS],
    ['PATCH', () => (trainingId ? `/api/admin/trainings/${trainingId}` : '/api/admin/trainings/{id}'), TRAINING_KEYS],
    ['PUT', () => '/api/admin/trainer-photos', ['photoURL']],
  ];

  for (const [method, path, keys] of endpoints) {
    test(`${method} ${path()}: no 5xx, and a refused body changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(body(keys), async (input) => {
          const before = await fingerprint();
          const response = await admin.call(method, path(), JSON.stringify(input));
          expect(response.status, JSON.stringify(input).slice(0, 200)).toBeLessThan(500);
          if (response.status >= 400) {
            expect(await fingerprint()).toBe(before);
            expect(typeof response.body.error).toBe('string');
          }
        }),
        { numRuns: 60, seed: 20261123 },
      );
    }, 120_000);
  }

  test('hostile If-Match headers on PATCH and DELETE: no 5xx, and a refused call changes nothing', async () => {
    const header = fc.oneof(
      fc.string({ unit: fc.constantFrom(...' !"#*,/W0123456789abcxyz\t'.split('')), maxLength: 60 }),
      fc.constantFrom('*', 'W/"1"', '"', '""', '"a" ,, "b"', `"${'9'.repeat(3000)}"`, ', *', '*, "x"'),
    );
    await fc.assert(
      fc.asyncProperty(header, fc.constantFrom('PATCH', 'DELETE'), async (ifMatch, method) => {
        const before = await fingerprint();
        const response = await admin.call(
          method,
          `/api/admin/trainings/${trainingId}`,
          method === 'PATCH' ? { title: 'If-Match probe' } : undefined,
          { 'if-match': ifMatch },
        );
        expect(response.status, ifMatch).toBeLessThan(500);
        if (response.status === 412) expect(await fingerprint()).toBe(before);
        if (response.status === 200 && method === 'DELETE') {
          trainingId = (await createTraining(trainerId)).id;
        }
      }),
      { numRuns: 60, seed: 20261123 },
    );
  }, 120_000);

  test('GET /api/admin/changes with hostile queries: 200 or 400, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('page', 'limit', 'entityType', 'entityId', 'other'),
        hostileString,
        async (key, value) => {
          const query = new URLSearchParams({ [key]: value.slice(0, 3000).toWellFormed() });
          const response = await admin.call('GET', `/api/admin/changes?${query}`);
          expect([200, 400], `${key}=${value.slice(0, 50)}`).toContain(response.status);
        },
      ),
      { numRuns: 60, seed: 20261123 },
    );
  }, 120_000);

  test('public reads with hostile queries and ids: no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileString,
        fc.constantFrom('state', 'format', 'dateRange', 'search', 'page', 'limit', 'sort', 'fields', 'counts', 'other'),
        async (value, key) => {
          const query = new URLSearchParams({ [key]: value.slice(0, 3000) });
          for (const path of [
            `/api/trainings?${query}`,
            `/api/trainings/${encodeURIComponent(value.slice(0, 100).toWellFormed())}`,
            `/api/trainers/${encodeURIComponent(value.slice(0, 100).toWellFormed())}`,
            `/api/trainings/${encodeURIComponent(value.slice(0, 100).toWellFormed())}/calendar`,
            `/training/${encodeURIComponent(value.slice(0, 100).toWellFormed())}`,
            `/trainings?${query}`,
            '/api/trainings/%E0%A4%A',
            '/training/%ZZ',
            '/api/trainings?state=%ZZ',
            `/api/trainings?page=2&limit=5&sort=price-desc&fields=card&counts=1&${query}`,
            `/trainings/${encodeURIComponent(value.slice(0, 100).toWellFormed())}`,
            `/trainings/california?${query}`,
            '/api/trainings?page=99999&limit=100000&sort=drop',
            '/trainings?page=99999&limit=100000&sort=drop',
          ]) {
            const response = await fetch(`${base()}${path}`);
            expect(response.status, path).toBeLessThan(500);
            await response.arrayBuffer();
          }
        },
      ),
      { numRuns: 60, seed: 20261123 },
    );
  }, 120_000);

  test('a body over the size limit is 413 and changes nothing', async () => {
    const before = await fingerprint();
    const response = await admin.call('POST', '/api/admin/trainers', { name: 'x', bio: 'y'.repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(await fingerprint()).toBe(before);
  });

  test('links that are not http(s) are refused with a field message', async () => {
    const response = await admin.call('POST', '/api/admin/trainers', {
      name: 'Dr. Link',
      bio: 'Bio',
      website: 'javascript:alert(1)',
      thinkificAffiliateUrl: 'data:text/html,<script>alert(1)</script>',
      statesServed: [],
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors)).toEqual(
      expect.arrayContaining(['website', 'thinkificAffiliateUrl']),
    );
  });

  test('tampered, truncated, oversized, forged and expired session cookies are 401, never 500', async () => {
    const [id, secret] = admin.cookie.split('=')[1]!.split('.') as [string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const sql = await getSql();
    const fresh = await adminClient();
    const [freshId] = fresh.cookie.split('=')[1]!.split('.') as [string];
    await sql`update admin_sessions set created_at = now() - interval '30 days', last_verified_at = now() - interval '30 days' where id = ${freshId}`;
    for (const value of [
      `${id}.${flip(secret)}`,
      `${id}.${secret.slice(0, 5)}`,
      id,
      '.',
      'x'.repeat(4000),
      `${flip(id)}.${secret}`,
      '%00%ff',
      fresh.cookie.split('=')[1]!,
    ]) {
      const response = await fetch(`${base()}/api/admin/trainers`, {
        headers: { cookie: `emdr_admin_session=${value}` },
      });
      expect(response.status, value.slice(0, 40)).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await admin.call('GET', '/api/admin/trainers')).status).toBe(200);
  });

  test('garbage and very long X-Forwarded-For chains are never a 5xx and never an address', async () => {
    const chain = (n: number) => Array.from({ length: n }, (_, i) => `10.${i % 250}.${i % 7}.1`).join(', ');
    for (const forwarded of [
      'not-an-ip',
      '<script>alert(1)</script>',
      "1.2.3.4'; drop table login_attempts; --",
      '999.999.999.999',
      ', , ,',
      '::ffff:not',
      'x'.repeat(8000),
      chain(600),
      `${chain(50)}, garbage`,
    ]) {
      for (const path of ['/api/admin/login', '/api/admin/session', '/api/trainings', '/admin/login']) {
        const login = path === '/api/admin/login';
        const response = await fetch(`${base()}${path}`, {
          method: login ? 'POST' : 'GET',
          headers: {
            'x-forwarded-for': forwarded,
            ...(login ? { 'content-type': 'application/json', origin: base() } : {}),
          },
          body: login ? JSON.stringify({ email: 'nobody@example.com', password: 'wrong' }) : undefined,
        });
        expect(response.status, `${path} ${forwarded.slice(0, 40)}`).toBeLessThan(500);
        await response.arrayBuffer();
      }
    }
    const sql = await getSql();
    const addresses = await sql<{ key: string }[]>`select key from login_attempts where key like 'address:%'`;
    for (const { key } of addresses) expect(key).toMatch(/^address:[0-9a-f:.]+$/);
    await sql`delete from login_attempts`;
  }, 120_000);

  test('a method an admin route does not take is 405 with an Allow header, signed in or not', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/api/admin/trainers', 'GET, HEAD, POST'],
      ['PUT', '/api/admin/trainings', 'GET, HEAD, POST'],
      ['GET', `/api/admin/trainers/${trainerId}`, 'PATCH, DELETE'],
      ['POST', `/api/admin/trainings/${trainingId}`, 'PATCH, DELETE'],
      ['GET', '/api/admin/login', 'POST'],
      ['DELETE', '/api/admin/session', 'GET, HEAD'],
      ['PATCH', '/api/admin/site-status', 'GET, HEAD'],
      ['GET', '/api/admin/trainer-photos', 'PUT'],
      ['DELETE', '/admin/dashboard', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      for (const cookie of [admin.cookie, '']) {
        const response = await fetch(`${base()}${path}`, { method, headers: { cookie, origin: base() } });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow);
        await response.arrayBuffer();
      }
    }
    expect((await admin.call('GET', '/api/admin/trainers')).status).toBe(200);
  });

  test('hostile login bodies are 400, 401 or 429, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(body(['email', 'password']), async (input) => {
        const response = await fetch(`${base()}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base() },
          body: JSON.stringify(input),
        });
        expect([400, 401, 429]).toContain(response.status);
      }),
      { numRuns: 60, seed: 20261123 },
    );
    // The throttle counted these failures; later files start from a clean database anyway.
    await resetDatabase();
  }, 120_000);
});
