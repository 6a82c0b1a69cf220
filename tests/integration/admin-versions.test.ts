import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import { etagFor } from '../../src/domain/etag';

/** Lost updates: admin records carry an ETag, and PATCH and DELETE honour If-Match (RFC 9110). */
let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});

async function newTrainer() {
  const created = await admin.call('POST', '/api/admin/trainers', validTrainer);
  expect(created.status).toBe(201);
  return created;
}

async function newTraining() {
  const trainer = await newTrainer();
  const created = await admin.call('POST', '/api/admin/trainings', validTraining(trainer.body.id));
  expect(created.status).toBe(201);
  return created;
}

describe('ETags and If-Match', () => {
  test('a created record answers its ETag, the one its updatedAt gives in the list', async () => {
    const created = await newTrainer();
    const listed = (await admin.call('GET', '/api/admin/trainers')).body[0];
    expect(created.headers.get('etag')).toBe(etagFor(listed.updatedAt));
    expect(created.headers.get('etag')).toMatch(/^"[0-9a-z]+"$/);
  });

  test('two admins save the same trainer version: the second gets 412 and overwrites nothing', async () => {
    const created = await newTrainer();
    const id = created.body.id;
    const version = created.headers.get('etag')!;
    const first = await admin.call(
      'PATCH',
      `/api/admin/trainers/${id}`,
      { ...validTrainer, name: 'First' },
      {
        'if-match': version,
      },
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).not.toBe(version);
    const second = await admin.call(
      'PATCH',
      `/api/admin/trainers/${id}`,
      { ...validTrainer, bio: 'Second' },
      {
        'if-match': version,
      },
    );
    expect(second.status).toBe(412);
    expect(second.body.error).toMatch(/changed by someone else/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    const stored = (await admin.call('GET', '/api/admin/trainers')).body[0];
    expect(stored).toMatchObject({ name: 'First', bio: 'Bio' });
    // The current version works.
    const third = await admin.call(
      'PATCH',
      `/api/admin/trainers/${id}`,
      { ...validTrainer, bio: 'Third' },
      {
        'if-match': first.headers.get('etag')!,
      },
    );
    expect(third.status).toBe(200);
  });

  test('two saves of the same version at the same moment: exactly one wins, the other gets 412', async () => {
    const created = await newTrainer();
    const id = created.body.id;
    const version = created.headers.get('etag')!;
    const answers = await Promise.all(
      ['Left', 'Right'].map((name) =>
        admin.call('PATCH', `/api/admin/trainers/${id}`, { ...validTrainer, name }, { 'if-match': version }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const winner = answers.find((a) => a.status === 200)!.body.name;
    expect((await admin.call('GET', '/api/admin/trainers')).body[0].name).toBe(winner);
  });

  test('two stale training saves: the second gets 412 and the first one stays', async () => {
    const created = await newTraining();
    const { id, trainerId } = created.body;
    const version = created.headers.get('etag')!;
    const body = (title: string) => ({ ...validTraining(trainerId), title });
    expect((await admin.call('PATCH', `/api/admin/trainings/${id}`, body('One'), { 'if-match': version })).status).toBe(
      200,
    );
    const stale = await admin.call('PATCH', `/api/admin/trainings/${id}`, body('Two'), { 'if-match': version });
    expect(stale.status).toBe(412);
    expect((await admin.call('GET', '/api/admin/trainings')).body[0].title).toBe('One');
  });

  test('a stale publish toggle gets 412: a training someone unpublished is not published again', async () => {
    const created = await newTraining();
    const id = created.body.id;
    const version = created.headers.get('etag')!;
    const unpublished = await admin.call(
      'PATCH',
      `/api/admin/trainings/${id}`,
      { isPublished: false },
      {
        'if-match': version,
      },
    );
    expect(unpublished.status).toBe(200);
    const stale = await admin.call(
      'PATCH',
      `/api/admin/trainings/${id}`,
      { isPublished: true },
      {
        'if-match': version,
      },
    );
    expect(stale.status).toBe(412);
    expect((await admin.call('GET', '/api/admin/trainings')).body[0].isPublished).toBe(false);
  });

  test('the publish toggle changes only isPublished: CE credits and the certification stay', async () => {
    const created = await newTraining();
    const toggled = await admin.call('PATCH', `/api/admin/trainings/${created.body.id}`, { isPublished: false });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({ isPublished: false, ceCredits: 12, isEMDRIACertified: true, state: 'CA' });
  });

  test('DELETE with a stale If-Match is 412 and deletes nothing; with the current one it deletes', async () => {
    const created = await newTraining();
    const id = created.body.id;
    const stale = created.headers.get('etag')!;
    const edited = await admin.call('PATCH', `/api/admin/trainings/${id}`, { title: 'Edited' }, { 'if-match': stale });
    expect((await admin.call('DELETE', `/api/admin/trainings/${id}`, undefined, { 'if-match': stale })).status).toBe(
      412,
    );
    expect((await admin.call('GET', '/api/admin/trainings')).body).toHaveLength(1);
    const trainerId = created.body.trainerId;
    const trainerStale = await admin.call('DELETE', `/api/admin/trainers/${trainerId}`, undefined, {
      'if-match': '"0"',
    });
    expect(trainerStale.status).toBe(412);
    const current = edited.headers.get('etag')!;
    expect((await admin.call('DELETE', `/api/admin/trainings/${id}`, undefined, { 'if-match': current })).status).toBe(
      200,
    );
  });

  test('without If-Match, or with *, changes work as before; a weak or garbled tag never matches', async () => {
    const created = await newTraining();
    const id = created.body.id;
    const version = created.headers.get('etag')!;
    expect((await admin.call('PATCH', `/api/admin/trainings/${id}`, { title: 'No header' })).status).toBe(200);
    const now = (
      await admin.call('PATCH', `/api/admin/trainings/${id}`, { title: 'Star' }, { 'if-match': '*' })
    ).headers.get('etag')!;
    for (const header of [`W/${now}`, now.slice(1, -1), 'garbage', `"x", ${version}`]) {
      const answer = await admin.call(
        'PATCH',
        `/api/admin/trainings/${id}`,
        { title: 'Never' },
        { 'if-match': header },
      );
      expect(answer.status, header).toBe(412);
    }
    expect(
      (await admin.call('PATCH', `/api/admin/trainings/${id}`, { title: 'Listed' }, { 'if-match': `"x", ${now}` }))
        .status,
    ).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/trainings/${id}`)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/trainers/${created.body.trainerId}`)).status).toBe(200);
  });
});
