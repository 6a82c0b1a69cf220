import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeDb } from '../../src/data/database/db';
import * as trainings from '../../src/data/trainings';
import { adminClient } from '../support/adminClient';
import { buildsOf } from '../support/builds';
import { createTrainer, createTraining } from '../support/fixtures';
import { png } from '../support/images';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated';
import { startServer, tempDir, waitFor, type RunningServer } from '../support/server';

/**
 * Several instances on one PostgreSQL, each with a DATA_DIR of its own (separate machines behind a
 * load balancer): every one of them serves every change, whoever made it and whoever dies.
 */
let a: IsolatedServer;
// Every instance builds its own copy, on a 2-core machine shared with other work: builds are slow.
const SLOW = 360_000;
const others: RunningServer[] = [];

beforeAll(async () => {
  a = await startIsolatedServer({ REBUILD_DEBOUNCE_MS: '200' });
  await startAnother();
}, SLOW);
afterAll(async () => {
  await closeDb();
  for (const server of others) await server.stop();
  for (const server of others) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await a?.stop();
}, SLOW);

async function startAnother(dataDir = tempDir('emdr-fleet-')): Promise<RunningServer> {
  const server = await startServer({ dataDir, env: a.env });
  others.push(server);
  return server;
}
const pageOf = async (server: { url: string }, path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.text() };
};
const serves = (server: { url: string }, id: string, text: string) =>
  waitFor(async () => (await pageOf(server, `/training/${id}`)).body.includes(text), 120_000);

test(
  'an edit through one instance is served by every instance, each from its own DATA_DIR',
  async () => {
    const b = others[0]!;
    const admin = await adminClient(a.server.url, a.env.ADMIN_EMAIL, a.env.ADMIN_PASSWORD);
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id, { title: 'Fleet 0' });
    await serves(a.server, training.id, 'Fleet 0');
    await serves(b, training.id, 'Fleet 0');

    expect((await admin.call('PATCH', `/api/admin/trainings/${training.id}`, { title: 'Fleet 1' })).status).toBe(200);
    await serves(b, training.id, 'Fleet 1');
    await serves(a.server, training.id, 'Fleet 1');
    // Each built its own copy: a build record on both sites.
    for (const dataDir of [a.dataDir, b.dataDir]) {
      expect((await buildsOf(dataDir)).some((build) => build.kind === 'change' && build.outcome === 'published')).toBe(
        true,
      );
    }

    const status = await admin.call('GET', '/api/admin/site-status');
    expect(status.status).toBe(200);
    expect(Object.keys(status.body)).toEqual(
      expect.arrayContaining(['state', 'lastPublishedAt', 'lastError', 'instances']),
    );
    await waitFor(async () => {
      const fleet = (await admin.call('GET', '/api/admin/site-status')).body.instances as { current: boolean }[];
      return fleet.length === 2 && fleet.every((instance) => instance.current);
    }, 30_000);
  },
  SLOW,
);

test(
  'the instance killed mid-build does not stop the survivor from converging; it drops off the fleet',
  async () => {
    const b = others[0]!;
    const training = (await trainings.listAll())[0]!;
    const buildsBefore = (await buildsOf(b.dataDir)).length;
    await trainings.update(training.id, { title: 'Fleet 2' });
    await waitFor(async () => (await buildsOf(b.dataDir)).slice(buildsBefore).some((x) => !x.endedAt), 60_000, 20);
    await b.kill();

    await serves(a.server, training.id, 'Fleet 2');
    const admin = await adminClient(a.server.url, a.env.ADMIN_EMAIL, a.env.ADMIN_PASSWORD);
    await waitFor(async () => {
      const fleet = (await admin.call('GET', '/api/admin/site-status')).body.instances as { address: string }[];
      return fleet.length === 1 && a.server.url.endsWith(fleet[0]!.address.split(':').pop()!);
    }, 60_000);
  },
  SLOW,
);

test(
  'an instance started later serves the current data from its first request',
  async () => {
    const training = (await trainings.listAll())[0]!;
    await trainings.update(training.id, { title: 'Fleet 3' });
    const c = await startAnother();
    expect((await pageOf(c, `/training/${training.id}`)).body).toContain('Fleet 3');
    await serves(a.server, training.id, 'Fleet 3');
  },
  SLOW,
);

test(
  'the killed instance, restarted on its DATA_DIR, catches up by itself',
  async () => {
    const b = others[0]!;
    const training = (await trainings.listAll())[0]!;
    await trainings.update(training.id, { title: 'Fleet 4' });
    const again = await startAnother(b.dataDir);
    await serves(again, training.id, 'Fleet 4');
  },
  SLOW,
);

test(
  'a photo uploaded through one instance is served by another, and still after a restart; a photo on disk from before still is',
  async () => {
    const admin = await adminClient(a.server.url, a.env.ADMIN_EMAIL, a.env.ADMIN_PASSWORD);
    const image = png({ width: 12, height: 12, rgb: [10, 120, 200] });
    const target = await admin.call('POST', '/api/admin/objects/upload');
    const put = await fetch(target.body.uploadURL, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png', origin: a.server.url },
    });
    expect(put.status).toBe(201);
    const registered = await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: target.body.uploadURL });
    expect(registered.status).toBe(200);
    const objectPath = registered.body.objectPath as string;
    // Shown by a trainer, so public: what every instance serves to anyone, cached for a year.
    const shown = await admin.call('POST', '/api/admin/trainers', {
      name: 'Dr. Everywhere',
      bio: 'Seen by every instance.',
      photo: objectPath,
      statesServed: [],
    });
    expect(shown.status).toBe(201);

    const b = others.at(-1)!;
    const first = await fetch(`${b.url}${objectPath}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toContain('immutable');
    // The re-encoded copy of the upload (metadata stripped): the same 12 × 12 picture.
    const servedBytes = Buffer.from(await first.arrayBuffer());
    const served = await sharp(servedBytes).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 12, 12]);
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${b.url}${objectPath}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // Not on any disk: nothing under either DATA_DIR's uploads.
    expect(fs.existsSync(path.join(a.dataDir, 'uploads', objectPath.split('/').pop()!))).toBe(false);

    // A photo stored on disk before photos moved into the database is still served.
    const legacyKey = 'ab'.repeat(16);
    fs.mkdirSync(path.join(a.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(a.dataDir, 'uploads', legacyKey), image);
    const legacy = await fetch(`${a.server.url}/objects/${legacyKey}`);
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('content-type')).toBe('image/png');

    await b.stop();
    const restarted = await startAnother(b.dataDir);
    const again = await fetch(`${restarted.url}${objectPath}`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(servedBytes)).toBe(true);
  },
  SLOW,
);
