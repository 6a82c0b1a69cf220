import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { png } from '../support/images';
import { base, keyOf, localUploads, photoTrainer as trainer, uploadsDir } from '../support/localUploads';
import { resetDatabase } from '../support/reset';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../src/storage/abandoned';
import { getSql } from '../../src/data/database/db';

/** A stored photo's life: served safely, deleted when no trainer shows it any more. */
let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});
const { uploadPhoto } = localUploads(() => admin);

describe('photo serving and deletion', () => {
  test('unknown keys and path tricks are 404; HEAD answers the headers', async () => {
    const objectPath = await uploadPhoto();
    for (const probe of [
      `/objects/${'1'.repeat(32)}`,
      '/objects/..%2f..%2fupload-signing.key',
      '/objects/%2e%2e/upload-signing.key',
      '/objects/.claims',
      `${objectPath}.png`,
    ]) {
      expect((await fetch(`${base()}${probe}`)).status, probe).toBe(404);
    }
    // The uploader's session: no trainer shows the photo yet (docs/product.md, Photos).
    const head = await fetch(`${base()}${objectPath}`, { method: 'HEAD', headers: { cookie: admin.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    const body = await fetch(`${base()}${objectPath}`, { headers: { cookie: admin.cookie } }).then((r) =>
      r.arrayBuffer(),
    );
    expect(Number(head.headers.get('content-length'))).toBe(body.byteLength);
  });

  test('replacing or removing a photo deletes the old object after the save; a photo still shown elsewhere stays', async () => {
    const first = await uploadPhoto(png({ rgb: [1, 2, 3] }));
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: first });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const second = await uploadPhoto(png({ rgb: [4, 5, 6] }));
    expect((await admin.call('PATCH', `/api/admin/trainers/${id}`, { ...trainer, photo: second })).status).toBe(200);
    expect((await fetch(`${base()}${first}`)).status).toBe(404);
    expect((await fetch(`${base()}${second}`)).status).toBe(200);

    // Saving without a change keeps it.
    expect((await admin.call('PATCH', `/api/admin/trainers/${id}`, { ...trainer, photo: second })).status).toBe(200);
    expect((await fetch(`${base()}${second}`)).status).toBe(200);

    const other = await admin.call('POST', '/api/admin/trainers', { ...trainer, name: 'Dr. Twin', photo: second });
    expect((await admin.call('PATCH', `/api/admin/trainers/${id}`, { ...trainer, photo: null })).status).toBe(200);
    expect((await fetch(`${base()}${second}`)).status).toBe(200);
    expect(
      (await admin.call('PATCH', `/api/admin/trainers/${other.body.id}`, { ...trainer, photo: null })).status,
    ).toBe(200);
    expect((await fetch(`${base()}${second}`)).status).toBe(404);
  });

  test("deleting a trainer deletes its photo's object", async () => {
    const photo = await uploadPhoto();
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo });
    expect((await fetch(`${base()}${photo}`)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/trainers/${created.body.id}`)).status).toBe(200);
    expect((await fetch(`${base()}${photo}`)).status).toBe(404);
    expect(fs.existsSync(path.join(uploadsDir(), photo.split('/').pop()!))).toBe(false);
  });
});

describe('abandoned uploads', () => {
  test('an upload no trainer shows is deleted once two days old; a trainer’s photo and a fresh upload stay', async () => {
    const shown = await uploadPhoto();
    expect((await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: shown })).status).toBe(201);
    const abandoned = await uploadPhoto();

    expect(await sweepAbandonedUploads()).toEqual([]);
    // Its uploader still sees it (no trainer shows it, so nobody else does).
    const asUploader = { headers: { cookie: admin.cookie } };
    expect((await fetch(`${base()}${abandoned}`, asUploader)).status).toBe(200);

    const later = new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000);
    const deleted = await sweepAbandonedUploads(later);
    expect(deleted).toContain(keyOf(abandoned));
    expect(deleted).not.toContain(keyOf(shown));
    expect((await fetch(`${base()}${abandoned}`, asUploader)).status).toBe(404);
    expect((await fetch(`${base()}${shown}`)).status).toBe(200);
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(shown)))).toBe(true);
  });

  test('a trainer row without a storage key (written before keys were stored) keeps its photo through the sweep', async () => {
    const photo = await uploadPhoto();
    const sql = await getSql();
    await sql`insert into trainers (name, bio, photo, photo_key) values ('Dr. Old Row', 'Bio', ${photo}, null)`;
    const deleted = await sweepAbandonedUploads(new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000));
    expect(deleted).not.toContain(keyOf(photo));
    expect((await fetch(`${base()}${photo}`)).status).toBe(200);
  });

  test('saving a form whose upload was swept meanwhile is refused at the photo field; the trainer is unchanged', async () => {
    const kept = await uploadPhoto();
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: kept });
    expect(created.status).toBe(201);
    const swept = await uploadPhoto();
    const other = await uploadPhoto();
    await sweepAbandonedUploads(new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000));
    expect((await fetch(`${base()}${swept}`)).status).toBe(404);

    const refused = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, { ...trainer, photo: swept });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.photo).toEqual(['The uploaded photo was not found; upload it again']);
    expect((await fetch(`${base()}/api/trainers/${created.body.id}`).then((r) => r.json())).photo).toBe(kept);
    const refusedNew = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: other });
    expect(refusedNew.status).toBe(400);
    expect(refusedNew.body.fieldErrors.photo).toEqual(['The uploaded photo was not found; upload it again']);
    expect((await admin.call('GET', '/api/admin/trainers')).body).toHaveLength(1);

    // The trainer's own photo is in use, so it survived the sweep and saving it again is fine.
    const unchanged = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, {
      ...trainer,
      name: 'Renamed',
      photo: kept,
    });
    expect(unchanged.status).toBe(200);
  });
});
