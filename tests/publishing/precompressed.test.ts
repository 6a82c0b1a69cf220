import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { startServer, waitFor, type RunningServer } from '../support/server';

/**
 * Compression is never on the request path: the publisher's worker makes the brotli
 * and gzip copies after each publish, only for what changed, and the server picks them up; until
 * then a page goes out uncompressed, and it is always the current page.
 */
const ADMIN = { ADMIN_EMAIL: 'copies@example.com', ADMIN_PASSWORD: 'copies-password-2026' };
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  database = await prepareTestDatabase();
  server = await startServer({
    env: { ...ADMIN, DATABASE_URL: database.url, SEED_DEMO: '0', REBUILD_DEBOUNCE_MS: '200' },
  });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** The page as a brotli-accepting client gets it: its coding and its decoded text (raw HTTP, no auto-decoding). */
function asBrotliClient(urlPath: string): Promise<{ status: number; coding: string; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${urlPath}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'] ?? 'identity';
          const text = (coding === 'br' ? zlib.brotliDecompressSync(bytes) : bytes).toString();
          resolve({ status: res.statusCode ?? 0, coding, text });
        });
      })
      .on('error', reject);
  });
}

const copiesDir = () => path.join(server.dataDir, 'site', 'compressed');

test('after a publish the changed page is served from its brotli copy, made only for what changed', async () => {
  await waitFor(async () => (await asBrotliClient('/')).coding === 'br', 30_000, 100);
  const before = new Set(fs.readdirSync(copiesDir()));
  expect(before.size).toBeGreaterThan(10);

  const admin = await adminClient(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const trainer = (await admin.call('POST', '/api/admin/trainers', validTrainer)).body as { id: string };
  const title = 'Precompressed Weekend Intensive';
  const created = await admin.call('POST', '/api/admin/trainings', { ...validTraining(trainer.id), title });
  expect(created.status).toBe(201);
  const page = `/training/${created.body.id}`;

  // Every answer on the way is the page itself, compressed or not; in the end it is brotli.
  await waitFor(
    async () => {
      const { coding, text } = await asBrotliClient(page);
      if (text.includes(title)) expect(['br', 'identity']).toContain(coding);
      return coding === 'br' && text.includes(title);
    },
    30_000,
    100,
  );
  const after = fs.readdirSync(copiesDir()).filter((name) => !before.has(name));
  // The new page, the pages listing it and the feeds changed: a few dozen copies, not the whole site.
  expect(after.length).toBeGreaterThan(0);
  expect(after.length).toBeLessThan(before.size);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});
