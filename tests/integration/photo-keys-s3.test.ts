import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { png } from '../support/images';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { startS3 } from '../support/s3';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../src/storage/abandoned';

/**
 * The sweep of abandoned uploads decides "in use" by the storage keys trainers hold, not by public
 * URLs: after S3_PUBLIC_URL changes (a CDN put in front, a restored database), photos in use stay.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let isolated: IsolatedServer;
let admin: AdminClient;

beforeAll(async () => {
  s3 = await startS3();
  isolated = await startIsolatedServer({ ...s3.env, REBUILD_DEBOUNCE_MS: '3600000' });
  admin = await adminClient(isolated.server.url, isolated.env.ADMIN_EMAIL, isolated.env.ADMIN_PASSWORD);
});
afterAll(async () => {
  await isolated?.stop();
  await s3?.stop().catch(() => undefined);
});

async function registeredPhoto(): Promise<string> {
  const uploadURL: string = (await admin.call('POST', '/api/admin/objects/upload')).body.uploadURL;
  expect(
    (await fetch(uploadURL, { method: 'PUT', body: png(), headers: { 'content-type': 'image/png' } })).status,
  ).toBe(200);
  const registered = await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: uploadURL });
  expect(registered.status).toBe(200);
  return registered.body.objectPath;
}

test('after S3_PUBLIC_URL changes, the sweep deletes only uploads no trainer holds', async () => {
  const shown = await registeredPhoto();
  const created = await admin.call('POST', '/api/admin/trainers', {
    name: 'Dr. Keeps Her Photo',
    bio: 'Photo in a bucket.',
    statesServed: [],
    photo: shown,
  });
  expect(created.status).toBe(201);
  const abandoned = await registeredPhoto();

  // This process now sweeps the same bucket as configured after a move to a CDN in front of it.
  Object.assign(process.env, s3.env, { S3_PUBLIC_URL: 'https://cdn.example.com/photos' });
  const deleted = await sweepAbandonedUploads(new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000));
  expect(deleted).toEqual([abandoned.split('/').pop()]);
  expect((await fetch(shown)).status).toBe(200);
  expect((await fetch(abandoned)).status).toBe(404);
});
