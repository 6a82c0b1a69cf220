import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';

/** Every admin change writes one history entry; `GET /api/admin/changes` answers them, newest first. */
const base = () => process.env.TEST_BASE_URL!;
let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});

const changesOf = async (entityType: string, entityId: string) => {
  const answer = await admin.call('GET', `/api/admin/changes?entityType=${entityType}&entityId=${entityId}`);
  expect(answer.status).toBe(200);
  return answer.body as { action: string; adminEmail: string; before: any; after: any; changedAt: string }[];
};

describe('change history', () => {
  test('creating, editing, toggling and deleting a training each write one entry with before and after', async () => {
    const trainer = (await admin.call('POST', '/api/admin/trainers', validTrainer)).body;
    const training = (await admin.call('POST', '/api/admin/trainings', validTraining(trainer.id))).body;
    await admin.call('PATCH', `/api/admin/trainings/${training.id}`, { title: 'Renamed' });
    await admin.call('PATCH', `/api/admin/trainings/${training.id}`, { isPublished: false });
    await admin.call('PATCH', `/api/admin/trainings/${training.id}`, { isPublished: true });
    expect((await admin.call('DELETE', `/api/admin/trainings/${training.id}`)).status).toBe(200);

    const entries = await changesOf('training', training.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'publish', 'unpublish', 'update', 'create']);
    expect(entries.every((e) => e.adminEmail === process.env.ADMIN_EMAIL)).toBe(true);
    const [deleted, , , updated, created] = entries;
    expect(created!.before).toBeNull();
    expect(created!.after).toMatchObject({ title: 'Admin Created', price: 900 });
    expect(updated!.before.title).toBe('Admin Created');
    expect(updated!.after.title).toBe('Renamed');
    // The deleted training can be read back whole from its last entry.
    expect(deleted!.after).toBeNull();
    expect(deleted!.before).toMatchObject({
      id: training.id,
      title: 'Renamed',
      isPublished: true,
      startDate: '2027-03-01T14:00:00.000Z',
      thinkificUrl: 'https://x.thinkific.com/c',
    });
    expect(Date.parse(deleted!.changedAt)).toBeGreaterThan(Date.now() - 120_000);
  });

  test('a trainer’s create, update and delete are recorded; the delete keeps the trainings it took along', async () => {
    const trainer = (await admin.call('POST', '/api/admin/trainers', validTrainer)).body;
    const training = (await admin.call('POST', '/api/admin/trainings', validTraining(trainer.id))).body;
    await admin.call('PATCH', `/api/admin/trainers/${trainer.id}`, { ...validTrainer, name: 'Dr. Renamed' });
    expect((await admin.call('DELETE', `/api/admin/trainers/${trainer.id}`)).status).toBe(200);
    const entries = await changesOf('trainer', trainer.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[0]!.before).toMatchObject({ name: 'Dr. Renamed', bio: 'Bio', statesServed: ['CA', 'NY'] });
    expect(entries[0]!.before.trainings).toEqual([
      expect.objectContaining({ id: training.id, title: 'Admin Created' }),
    ]);
  });

  test('a refused change (stale version, invalid body) writes no entry', async () => {
    const created = await admin.call('POST', '/api/admin/trainers', validTrainer);
    const id = created.body.id;
    await admin.call('PATCH', `/api/admin/trainers/${id}`, { ...validTrainer, name: '' });
    await admin.call('PATCH', `/api/admin/trainers/${id}`, validTrainer, { 'if-match': '"0"' });
    await admin.call('DELETE', `/api/admin/trainers/${id}`, undefined, { 'if-match': '"0"' });
    expect((await changesOf('trainer', id)).map((e) => e.action)).toEqual(['create']);
  });
});

describe('GET /api/admin/changes', () => {
  test('pages newest first with the total in X-Total-Count', async () => {
    const trainer = (await admin.call('POST', '/api/admin/trainers', validTrainer)).body;
    for (let i = 1; i <= 4; i++)
      await admin.call('PATCH', `/api/admin/trainers/${trainer.id}`, { ...validTrainer, name: `N${i}` });
    const query = `entityType=trainer&entityId=${trainer.id}`;
    const first = await admin.call('GET', `/api/admin/changes?${query}&limit=2`);
    expect(first.headers.get('x-total-count')).toBe('5');
    expect(first.body.map((e: any) => e.after.name)).toEqual(['N4', 'N3']);
    const third = await admin.call('GET', `/api/admin/changes?${query}&limit=2&page=3`);
    expect(third.body.map((e: any) => e.action)).toEqual(['create']);
    expect((await admin.call('GET', `/api/admin/changes?${query}&limit=2&page=4`)).body).toEqual([]);
    const all = await admin.call('GET', '/api/admin/changes?limit=100');
    expect(all.body[0].entityId).toBe(trainer.id);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
  });

  test('needs an admin (401), and bad parameters are 400 with the field named', async () => {
    const anonymous = await fetch(`${base()}/api/admin/changes`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Not authenticated' });
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['entityType=admin', 'entityType'],
      ['entityId=42', 'entityId'],
      ['sort=asc', ''],
    ]) {
      const answer = await admin.call('GET', `/api/admin/changes?${query}`);
      expect(answer.status, query).toBe(400);
      if (field) expect(Object.keys(answer.body.fieldErrors), query).toContain(field);
    }
  });
});
