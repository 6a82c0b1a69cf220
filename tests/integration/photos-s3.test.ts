import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { png, TEXT } from '../support/images';
import { startS3 } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { ABANDONED_UPLOAD_MS, deleteAbandonedUploads } from '../../src/storage/abandoned';
import { ownedPhotoObjects } from '../../src/data/photoObjects';
import { closeDb } from '../../src/data/database/db';
import { S3ImageStore } from '../../src/storage/s3';
import sharp from 'sharp';

/**
 * The S3 driver end to end: our server with S3_* set, against an S3-compatible server
 * (s3rver) that this test starts on 127.0.0.1. The browser's part is a plain PUT to the presigned URL.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let server: RunningServer;
let admin: AdminClient;

beforeAll(async () => {
  s3 = await startS3();
  server = await startServer({ env: { ...s3.env, SEED_DEMO: '0', REBUILD_DEBOUNCE_MS: '3600000' } });
  admin = await adminClient(server.url);
});
afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await s3?.stop().catch(() => undefined);
});

/** The objects the S3 server's own (embedded) database made: the only ones its sweep may delete. */
async function ownedByServer() {
  const saved = { ...process.env };
  await closeDb();
  Object.assign(process.env, { DATA_DIR: server.dataDir, DATABASE_URL: '' });
  try {
    return await ownedPhotoObjects();
  } finally {
    await closeDb();
    process.env = saved;
  }
}

const trainer = { name: 'Dr. Bucket', bio: 'Lives in S3.', statesServed: [] };

async function uploadToBucket(body: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const answer = await admin.call('POST', '/api/admin/objects/upload');
  expect(answer.status).toBe(200);
  const uploadURL: string = answer.body.uploadURL;
  const stored = await fetch(uploadURL, { method: 'PUT', body, headers: { 'content-type': type } });
  expect(stored.status).toBe(200);
  return uploadURL;
}

describe('S3 driver', () => {
  test('the upload URL is a presigned PUT into the bucket, valid 15 minutes, under a random key', async () => {
    const url = new URL((await admin.call('POST', '/api/admin/objects/upload')).body.uploadURL);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toMatch(/^\/photos\/trainer-photos\/[a-f0-9]{32}$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[a-f0-9]{64}$/);
    // The local driver's upload endpoint does not exist with S3.
    const local = await fetch(`${server.url}/api/uploads/${'a'.repeat(32)}?expires=1&sig=x`, {
      method: 'PUT',
      headers: { origin: server.url, 'content-type': 'image/png' },
      body: png(),
    });
    expect(local.status).toBe(404);
  });

  test('a PNG sent as text/plain is registered by its bytes and served from the bucket as image/png', async () => {
    const image = png({ width: 5, height: 5 });
    const uploadURL = await uploadToBucket(image, 'text/plain');
    const registered = await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: uploadURL });
    expect(registered.status).toBe(200);
    const key = new URL(uploadURL).pathname.split('/').pop()!;
    // The served photo is the server's re-encoded copy under a new key; the upload (whose presigned
    // URL may still be valid) is deleted.
    expect(registered.body.objectPath).toMatch(new RegExp(`^${s3.env.S3_PUBLIC_URL}/trainer-photos/[a-f0-9]{32}$`));
    expect(registered.body.objectPath).not.toContain(key);
    expect((await fetch(uploadURL.split('?')[0]!)).status).toBe(404);

    const served = await fetch(registered.body.objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 5, 5]);
  });

  test('a text file labelled image/png is refused and removed from the bucket; a foreign bucket URL is not ours', async () => {
    const uploadURL = await uploadToBucket(TEXT, 'image/png');
    const registered = await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: uploadURL });
    expect(registered.status).toBe(400);
    expect(registered.body.fieldErrors.photoURL).toEqual(['Photo must be a JPEG, PNG, WebP or GIF image']);
    expect((await fetch(uploadURL.split('?')[0]!)).status).toBe(404);

    const foreign = uploadURL.replace('/photos/', '/other-bucket/');
    expect((await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: foreign })).status).toBe(400);
  });

  test('a replaced photo and the photo of a deleted trainer are deleted from the bucket', async () => {
    const register = async () =>
      (
        await admin.call('PUT', '/api/admin/trainer-photos', {
          photoURL: await uploadToBucket(png(), 'image/png'),
        })
      ).body.objectPath as string;
    const first = await register();
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: first });
    expect(created.status).toBe(201);
    const second = await register();
    const patched = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, { ...trainer, photo: second });
    expect(patched.status).toBe(200);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/trainers/${created.body.id}`)).status).toBe(200);
    expect((await fetch(second)).status).toBe(404);
  });

  test('uploads no trainer shows are deleted from the bucket once two days old; a trainer’s photo stays', async () => {
    const register = async () =>
      (
        await admin.call('PUT', '/api/admin/trainer-photos', {
          photoURL: await uploadToBucket(png(), 'image/png'),
        })
      ).body.objectPath as string;
    const shown = await register();
    expect((await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: shown })).status).toBe(201);
    const abandoned = await register();
    const inUse = ((await admin.call('GET', '/api/admin/trainers')).body as { photo: string | null }[]).flatMap((t) =>
      t.photo ? [t.photo.split('/').pop()!] : [],
    );
    const { env } = s3;
    const store = new S3ImageStore({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });

    const owned = await ownedByServer();
    expect(await deleteAbandonedUploads(store, inUse, owned)).toEqual([]);
    const deleted = await deleteAbandonedUploads(
      store,
      inUse,
      owned,
      new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000),
    );
    expect(deleted).toContain(abandoned.split('/').pop());
    expect(deleted).not.toContain(shown.split('/').pop());
    expect((await fetch(abandoned)).status).toBe(404);
    expect((await fetch(shown)).status).toBe(200);
  });

  test('with the bucket unreachable, registration is a clear 503, never a 500', async () => {
    const uploadURL = await uploadToBucket(png(), 'image/png');
    await s3.stop();
    const registered = await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: uploadURL });
    expect(registered.status).toBe(503);
    expect(registered.body).toEqual({
      error: 'Photo storage is unavailable; try again',
      requestId: expect.any(String),
    });
  });
});
