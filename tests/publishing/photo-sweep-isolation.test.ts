import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closeDb } from '../../src/data/database/db';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../src/storage/abandoned';
import { adminClient } from '../support/adminClient';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { png } from '../support/images';
import { startServer, tempDir, type RunningServer } from '../support/server';

/**
 * The photo sweep deletes only what its own database made. As measured: a trainer's
 * photo uploaded with the embedded database, then a brand-new PostgreSQL database started on the
 * same DATA_DIR with PHOTO_STORE=disk. Each database then sweeps the shared uploads folder two days
 * later, and each deletes its own abandoned upload and nothing else.
 */
const dataDir = tempDir('emdr-sweep-');
const uploads = path.join(dataDir, 'uploads');
const databases: TestDatabase[] = [];
const saved = { ...process.env };
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  await closeDb();
  for (const database of databases) await database.drop();
  process.env = saved;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ADMIN = { ADMIN_EMAIL: 'sweep@example.com', ADMIN_PASSWORD: 'sweep-password-2026' };

/** A trainer with a photo and one registered photo no trainer shows, through the real server. */
async function photosOf(env: Record<string, string>): Promise<{ shown: string; abandoned: string }> {
  server = await startServer({
    dataDir,
    env: { ...ADMIN, REBUILD_DEBOUNCE_MS: '3600000', PHOTO_STORE: 'disk', ...env },
  });
  const admin = await adminClient(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const upload = async () => {
    const { uploadURL } = (await admin.call('POST', '/api/admin/objects/upload')).body as { uploadURL: string };
    const put = await fetch(uploadURL, {
      method: 'PUT',
      body: png(),
      headers: { 'content-type': 'image/png', origin: server!.url },
    });
    expect(put.status).toBe(201);
    const registered = await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: uploadURL });
    expect(registered.status).toBe(200);
    return (registered.body.objectPath as string).split('/').pop()!;
  };
  const shown = await upload();
  const created = await admin.call('POST', '/api/admin/trainers', {
    name: 'Dr. Shared Folder',
    bio: 'Keeps her photo.',
    statesServed: [],
    photo: `/objects/${shown}`,
  });
  expect(created.status).toBe(201);
  const abandoned = await upload();
  await server.stop();
  server = undefined;
  return { shown, abandoned };
}

/** The sweep as the server runs it, two days and a minute from now, with these settings. */
async function sweepWith(env: Record<string, string>): Promise<string[]> {
  await closeDb();
  Object.assign(process.env, { DATA_DIR: dataDir, PHOTO_STORE: 'disk', ...env });
  const deleted = await sweepAbandonedUploads(new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000));
  await closeDb();
  return deleted;
}

const present = (key: string) => fs.existsSync(path.join(uploads, key));

test('an embedded database and a fresh PostgreSQL database sharing one uploads folder each delete only their own', async () => {
  const embedded = await photosOf({ DATABASE_URL: '' });
  const database = await prepareTestDatabase();
  databases.push(database);
  expect(database.target).toBe('postgres');
  const postgres = await photosOf({ DATABASE_URL: database.url });
  for (const key of [...Object.values(embedded), ...Object.values(postgres)]) expect(present(key)).toBe(true);

  // The fresh database on the old folder: the embedded database's files are not its own.
  expect(await sweepWith({ DATABASE_URL: database.url })).toEqual([postgres.abandoned]);
  expect(present(embedded.shown)).toBe(true);
  expect(present(embedded.abandoned)).toBe(true);
  expect(present(postgres.shown)).toBe(true);
  expect(present(postgres.abandoned)).toBe(false);

  // And the other way round.
  expect(await sweepWith({ DATABASE_URL: '' })).toEqual([embedded.abandoned]);
  expect(present(embedded.shown)).toBe(true);
  expect(present(embedded.abandoned)).toBe(false);
  expect(present(postgres.shown)).toBe(true);

  // Nothing is left for either to delete.
  expect(await sweepWith({ DATABASE_URL: database.url })).toEqual([]);
  expect(await sweepWith({ DATABASE_URL: '' })).toEqual([]);
  expect(present(embedded.shown) && present(postgres.shown)).toBe(true);
});
