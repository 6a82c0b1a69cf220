import { beforeEach, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { listRedirects } from '../../src/data/trainerSlugs';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTrainer } from '../support/adminRecords';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';

/** Trainer slugs, their redirects and `?trainer=` on the public list (docs/product.md, Trainer pages). */
const base = () => process.env.TEST_BASE_URL!;
let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});

async function slugOfName(name: string): Promise<string> {
  const sql = await getSql();
  const [row] = await sql<{ slug: string }[]>`insert into trainers (name, bio) values (${name}, 'Bio') returning slug`;
  return row!.slug;
}

describe('a trainer gets a slug from the name, made by the database for any insert', () => {
  test.each([
    ['Dr. Ana López, PhD', 'ana-lopez'],
    ['Ana López PhD LCSW', 'ana-lopez'],
    ['Prof. Dr. Jürgen Müller-Øster', 'jurgen-muller-oster'],
    ['Mx. Nguyễn Thị Ánh, Psy.D.', 'nguyen-thi-anh'],
    ['Yo-Yo Ma', 'yo-yo-ma'],
    ['王芳', 'trainer'],
    ['Page', 'page-2'],
  ])('%s → %s', async (name, slug) => {
    expect(await slugOfName(name)).toBe(slug);
  });

  test('a taken slug gets -2, then -3', async () => {
    expect(await slugOfName('Dr. Ana López, PhD')).toBe('ana-lopez');
    expect(await slugOfName('Ana Lopez')).toBe('ana-lopez-2');
    expect(await slugOfName('ANA LÓPEZ, LMFT')).toBe('ana-lopez-3');
  });
});

describe('the admin API', () => {
  test('returns the slug made on create, and keeps it when the name changes', async () => {
    const created = await admin.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Dr. Ana López, PhD' });
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe('ana-lopez');
    const renamed = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, {
      ...validTrainer,
      name: 'Dr. Ana López-Smith',
    });
    expect(renamed.body.slug).toBe('ana-lopez');
    expect(await listRedirects()).toEqual([]);
  });

  test('trainers of one name created at once get distinct slugs', async () => {
    const made = await Promise.all(
      [1, 2, 3].map(() => admin.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Dr. Same Name' })),
    );
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(made.map((r) => r.body.slug as string).sort()).toEqual(['same-name', 'same-name-2', 'same-name-3']);
  });

  test('takes a chosen slug, refuses a malformed or taken one with a field error', async () => {
    const first = await admin.call('POST', '/api/admin/trainers', { ...validTrainer, slug: 'Ana-Trains' });
    expect(first.body.slug).toBe('ana-trains');
    for (const slug of ['ana trains', 'ana--x', '-x', 'page', 'x'.repeat(81)]) {
      const bad = await admin.call('POST', '/api/admin/trainers', { ...validTrainer, slug });
      expect(bad.status, slug).toBe(400);
      expect(bad.body.fieldErrors.slug, slug).toHaveLength(1);
    }
    const taken = await admin.call('POST', '/api/admin/trainers', { ...validTrainer, slug: 'ana-trains' });
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors).toEqual({ slug: ['This address is already used by another trainer'] });
  });

  test('a changed slug leaves a redirect from the old one; taking an old slug back ends it', async () => {
    const { body: trainer } = await admin.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Dr. Bo Chen' });
    await admin.call('PATCH', `/api/admin/trainers/${trainer.id}`, { ...validTrainer, name: 'Bo Chen', slug: 'bo' });
    expect(await listRedirects()).toEqual([{ from: 'bo-chen', to: 'bo' }]);
    await admin.call('PATCH', `/api/admin/trainers/${trainer.id}`, { ...validTrainer, name: 'Bo Chen', slug: 'bo-c' });
    expect(await listRedirects()).toEqual([
      { from: 'bo', to: 'bo-c' },
      { from: 'bo-chen', to: 'bo-c' },
    ]);
    // A new trainer named like the old slug does not take an address that still redirects.
    expect((await admin.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Bo Chen' })).body.slug).toBe(
      'bo-chen-2',
    );
    // Chosen explicitly, it does, and the old address stops redirecting.
    const other = await admin.call('POST', '/api/admin/trainers', { ...validTrainer, slug: 'bo' });
    expect(other.status).toBe(201);
    expect(await listRedirects()).toEqual([{ from: 'bo-chen', to: 'bo-c' }]);
  });
});

describe('GET /api/trainings?trainer={slug}, the widget query', () => {
  test("answers that trainer's public trainings only, to any origin, without cookies", async () => {
    const ana = await createTrainer({ name: 'Dr. Ana López' });
    const bo = await createTrainer({ name: 'Bo Chen' });
    await createTraining(ana.id, { title: 'Ana later', startsInDays: 20 });
    await createTraining(ana.id, { title: 'Ana sooner', startsInDays: 5 });
    await createTraining(ana.id, { title: 'Ana draft', isPublished: false });
    await createTraining(bo.id, { title: 'Bo one' });
    const response = await fetch(`${base()}/api/trainings?trainer=ana-lopez&fields=card&limit=5`, {
      headers: { origin: 'https://trainer.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await response.json()).map((t: { title: string }) => t.title)).toEqual(['Ana sooner', 'Ana later']);
    const limited = await fetch(`${base()}/api/trainings?trainer=ana-lopez&fields=card&limit=1`);
    expect((await limited.json()).map((t: { title: string }) => t.title)).toEqual(['Ana sooner']);
  });

  test('an unknown slug is 200 with an empty list; a malformed one is 400', async () => {
    const unknown = await fetch(`${base()}/api/trainings?trainer=nobody&fields=card&limit=5`);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual([]);
    const bad = await fetch(`${base()}/api/trainings?trainer=${encodeURIComponent('<x>')}`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors.trainer).toHaveLength(1);
  });

  test('no admin route answers CORS', async () => {
    for (const path of ['/api/admin/trainers', '/api/admin/session', '/api/trainers/x']) {
      const plain = await admin.call('GET', path, undefined, { origin: 'https://trainer.example' });
      expect(plain.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const preflight = await fetch(`${base()}/api/admin/trainers`, {
      method: 'OPTIONS',
      headers: { origin: 'https://trainer.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
