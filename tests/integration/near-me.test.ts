import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer } from '../support/fixtures';
import { validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';

/**
 * Near me (docs/product.md, Near me) through the real server and database: a ZIP code is
 * placed on save, the public list searches within a radius, nearest first, and refuses what it
 * cannot place. Runs on the embedded database and on PostgreSQL (TEST_DB_TARGET).
 */
const base = () => process.env.TEST_BASE_URL!;
const publicGet = async (path: string) => {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
};
interface Listed {
  title: string;
  distanceMiles?: number | null;
}
const titles = (list: Listed[]) => list.map((t) => t.title);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

let admin: AdminClient;
let trainerId: string;
const create = async (overrides: Record<string, unknown>) =>
  admin.call('POST', '/api/admin/trainings', {
    ...validTraining(trainerId),
    startDate: inDays(20),
    endDate: inDays(21),
    ...overrides,
  });

beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
  trainerId = (await createTrainer({ name: 'Dr. Near' })).id;
});

describe('a training placed by its ZIP code', () => {
  test('an in-person training saved with a ZIP code gets that ZIP code’s position', async () => {
    const created = await create({
      title: 'San Francisco',
      format: 'In-Person',
      location: 'San Francisco, CA',
      postalCode: '94103',
    });
    expect(created.status).toBe(201);
    const body = created.body as { postalCode: string; latitude: number; longitude: number };
    expect(body.postalCode).toBe('94103');
    expect(body.latitude).toBeCloseTo(37.77, 1);
    expect(body.longitude).toBeCloseTo(-122.41, 1);
  });

  test('an unknown ZIP code is a field error on save, and nothing is stored', async () => {
    const refused = await create({ format: 'In-Person', location: 'Nowhere', postalCode: '00000' });
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      postalCode: ['Unknown ZIP code'],
    });
    const malformed = await create({ format: 'In-Person', location: 'Nowhere', postalCode: '9410' });
    expect((malformed.body as { fieldErrors: Record<string, string[]> }).fieldErrors.postalCode).toEqual([
      'ZIP code must be 5 digits',
    ]);
    expect((await admin.call('GET', '/api/admin/trainings')).body).toEqual([]);
  });

  test('a position set by hand wins over the ZIP code’s; a virtual training has none; a new ZIP code moves it', async () => {
    const venue = { latitude: 38.9, longitude: -121.1 };
    const hand = await create({ format: 'Hybrid', location: 'Auburn, CA', postalCode: '95814', ...venue });
    expect(hand.body).toMatchObject({ postalCode: '95814', ...venue });
    const online = await create({ format: 'Virtual', location: 'Zoom', postalCode: '94103' });
    expect(online.body).toMatchObject({ postalCode: '94103', latitude: null, longitude: null });
    const { id } = hand.body as { id: string };
    const moved = await admin.call('PATCH', `/api/admin/trainings/${id}`, { postalCode: '94103' });
    expect(moved.status).toBe(200);
    expect((moved.body as { latitude: number }).latitude).toBeCloseTo(37.77, 1);
  });
});

describe('the place of a ZIP code, for the admin form while typing', () => {
  test('a known ZIP code is its place, an unknown one 404, a malformed one 400, and only for admins', async () => {
    expect(await admin.call('GET', '/api/admin/postal-places/95814')).toMatchObject({
      status: 200,
      body: { place: 'Sacramento, CA' },
    });
    expect(await admin.call('GET', '/api/admin/postal-places/00000')).toMatchObject({
      status: 404,
      body: { error: 'Unknown ZIP code' },
    });
    expect(await admin.call('GET', '/api/admin/postal-places/9581')).toMatchObject({
      status: 400,
      body: { fieldErrors: { postalCode: ['ZIP code must be 5 digits'] } },
    });
    expect((await fetch(`${base()}/api/admin/postal-places/95814`)).status).toBe(401);
  });
});

describe('the public list near a place', () => {
  beforeEach(async () => {
    await create({ title: 'San Francisco', format: 'In-Person', location: 'San Francisco, CA', postalCode: '94103' });
    await create({
      title: 'Sacramento',
      format: 'Hybrid',
      location: 'Sacramento, CA',
      postalCode: '95814',
      startDate: inDays(10),
      endDate: inDays(11),
    });
    await create({ title: 'Online', format: 'Virtual', location: 'Zoom' });
    await create({ title: 'Unplaced', format: 'In-Person', location: 'Oakland, CA' });
  });

  test('near=94103&radius=50 lists only San Francisco, with its distance', async () => {
    const near = await publicGet('/api/trainings?near=94103&radius=50');
    expect(near.status).toBe(200);
    expect(titles(near.body)).toEqual(['San Francisco']);
    expect(near.body[0].distanceMiles).toBe(0);
  });

  test('near=94103&radius=100&sort=distance lists San Francisco then Sacramento, about 75 miles away', async () => {
    const near = await publicGet('/api/trainings?near=94103&radius=100&sort=distance');
    expect(titles(near.body)).toEqual(['San Francisco', 'Sacramento']);
    const miles = (near.body as Listed[])[1]!.distanceMiles!;
    expect(Math.abs(miles - 75)).toBeLessThanOrEqual(5);
    expect(miles).toBe(Math.round(miles * 10) / 10);
  });

  test('a position works as a ZIP code does, and the default radius is 50 miles', async () => {
    const near = await publicGet('/api/trainings?near=38.58,-121.49&sort=distance&fields=card');
    expect(titles(near.body)).toEqual(['Sacramento']);
    expect(near.body[0].distanceMiles).toBeLessThan(1);
  });

  test('a virtual training appears only with includeVirtual=1, after the ones in range, without a distance', async () => {
    expect(titles((await publicGet('/api/trainings?near=94103&radius=100')).body)).toEqual([
      'Sacramento',
      'San Francisco',
    ]);
    const withVirtual = await publicGet('/api/trainings?near=94103&radius=100&includeVirtual=1&sort=distance');
    expect(titles(withVirtual.body)).toEqual(['San Francisco', 'Sacramento', 'Online']);
    expect(withVirtual.body[2].distanceMiles).toBeNull();
  });

  test('the counts in X-Filter-Counts respect the radius', async () => {
    const near = await publicGet('/api/trainings?near=94103&radius=50&counts=1&page=1');
    const counts = JSON.parse(near.headers.get('x-filter-counts')!);
    expect(counts.state).toEqual({ CA: 1 });
    expect(counts.format).toMatchObject({ 'In-Person': 1, Hybrid: 0, Virtual: 0 });
    const all = JSON.parse((await publicGet('/api/trainings?counts=1&page=1')).headers.get('x-filter-counts')!);
    expect(all.state).toEqual({ CA: 4 });
  });

  test('an unknown ZIP code, a bad position or radius, or a distance sort without near get 400 on that field', async () => {
    const fieldErrors = async (query: string) => {
      const answer = await publicGet(`/api/trainings?${query}`);
      expect(answer.status).toBe(400);
      return Object.keys((answer.body as { fieldErrors: Record<string, string[]> }).fieldErrors);
    };
    expect(await fieldErrors('near=00000')).toEqual(['near']);
    expect(await fieldErrors('near=91.5,-122')).toEqual(['near']);
    expect(await fieldErrors('near=sf')).toEqual(['near']);
    expect(await fieldErrors('near=94103&radius=0')).toEqual(['radius']);
    expect(await fieldErrors('near=94103&radius=501')).toEqual(['radius']);
    expect(await fieldErrors('sort=distance')).toEqual(['sort']);
  });
});
