import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { png } from '../support/images';
import { base, keyOf, localUploads, photoTrainer as trainer, uploadsDir } from '../support/localUploads';
import { resetDatabase } from '../support/reset';

/**
 * Photos are never lost: registration takes only a fresh upload URL this site issued,
 * a trainer's photo is only a photo this site registered, and a replaced photo is deleted only
 * after no trainer row points to it, with the change in the history.
 */
let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});
const { newUploadURL, put, register, uploadPhoto } = localUploads(() => admin);
// Asked with the uploader's session: a photo no trainer shows yet is theirs and the team's to see.
const served = async (objectPath: string) =>
  (await fetch(`${base()}${objectPath}`, { headers: { cookie: admin.cookie } })).status;

describe('PUT /api/admin/trainer-photos', () => {
  test("a trainer's current photo, as path or URL, is refused with a field message and stays served", async () => {
    const photo = await uploadPhoto();
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo });
    expect(created.status).toBe(201);
    for (const photoURL of [photo, `${base()}${photo}`, `${base()}/api/uploads/${keyOf(photo)}`]) {
      const answer = await register(photoURL);
      expect(answer.status, photoURL).toBe(400);
      expect(answer.body.fieldErrors.photoURL).toEqual(['Photo URL must be a new upload URL issued by this site']);
    }
    expect(await served(photo)).toBe(200);
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(photo)))).toBe(true);
    const shown = await fetch(`${base()}/api/trainers/${created.body.id}`).then((r) => r.json());
    expect(shown.photo).toBe(photo);
  });

  test('an upload URL registers once; the second time is refused and the first photo stays', async () => {
    const url = await newUploadURL();
    expect((await put(url, png())).status).toBe(201);
    const first = await register(url);
    expect(first.status).toBe(200);
    const again = await register(url);
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors.photoURL).toEqual(['Photo URL must be a new upload URL issued by this site']);
    expect(await served(first.body.objectPath)).toBe(200);
  });

  test('an object path of this store that no upload URL was issued for is refused, nothing deleted', async () => {
    const answer = await register(`/objects/${'ab'.repeat(16)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors.photoURL).toBeDefined();
  });
});

describe("a trainer's photo", () => {
  test('is refused unless it is a photo this site registered', async () => {
    const url = await newUploadURL();
    expect((await put(url, png())).status).toBe(201);
    const unregistered = `/objects/${keyOf(url)}`;
    for (const photo of [
      'https://evil.example/p.png',
      'http://localhost:4321/objects/0123456789abcdef0123456789abcdef',
      unregistered,
    ]) {
      const answer = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo });
      expect(answer.status, photo).toBe(400);
      expect(answer.body.fieldErrors.photo, photo).toEqual(['Photo must be an uploaded image']);
    }
    const nothing = await admin.call('POST', '/api/admin/trainers', {
      ...trainer,
      photo: `/objects/${'cd'.repeat(16)}`,
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.fieldErrors.photo).toEqual(['The uploaded photo was not found; upload it again']);
    expect((await admin.call('GET', '/api/admin/trainers')).body).toHaveLength(0);
  });

  test('replaced: the old object is deleted after the row points to the new one, and the history says so', async () => {
    const first = await uploadPhoto(png({ rgb: [9, 9, 9] }));
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: first });
    const second = await uploadPhoto(png({ rgb: [200, 9, 9] }));
    const patched = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, { ...trainer, photo: second });
    expect(patched.status).toBe(200);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    const removed = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, { ...trainer, photo: null });
    expect(removed.status).toBe(200);
    expect(await served(second)).toBe(404);
    const history = await admin.call('GET', `/api/admin/changes?entityType=trainer&entityId=${created.body.id}`);
    const entries = history.body as {
      action: string;
      before: { photo: string | null };
      after: { photo: string | null };
    }[];
    expect(entries.map((entry) => [entry.action, entry.before?.photo ?? null, entry.after?.photo ?? null])).toEqual([
      ['photo', second, null],
      ['photo', first, second],
      ['create', null, first],
    ]);
  });
});
