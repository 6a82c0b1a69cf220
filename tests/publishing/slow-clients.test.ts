import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { generateListings } from '../support/generate';
import { closeDb, getSql } from '../../src/data/database/db';
import { migrate } from '../../src/data/database/migrate';
import { IDLE_SOCKET_TIMEOUT_MS } from '../../src/server/requestGuard';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { startServer, tempDir, waitFor, type RunningServer } from '../support/server';
import { slowClientGrowth } from '../support/slowClients';

/**
 * Memory stays bounded under slow clients: 200 connections that ask for the whole
 * list and the whole feed and never read. The goal at 5,000 trainings is at most 64 MiB of growth
 * (measured by `npm run bench`); here, at 1,000, the proportional bound is 12.8 MiB. The list is
 * serialised once and shared, so a stalled client holds a reference, not a copy; a client that
 * stops sending or reading is cut once its socket has been idle for IDLE_SOCKET_TIMEOUT_MS.
 */
const N = 1_000;
const CLIENTS = 200;
const BOUND_BYTES = ((64 * N) / 5_000) * 1024 * 1024;
let database: TestDatabase;
let server: RunningServer;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  database = await prepareTestDatabase();
  const dataDir = tempDir('emdr-slow-');
  const saved = { ...process.env };
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: database.url });
  const sql = await getSql();
  await migrate(sql);
  await generateListings(sql, N);
  await closeDb();
  process.env = saved;
  server = await startServer({
    dataDir,
    env: { DATABASE_URL: database.url, SEED_DEMO: '0', REBUILD_DEBOUNCE_MS: '3600000' },
    timeoutMs: 240_000,
  });
}, 300_000);
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.stop();
  await database?.drop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function healthzMs(): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
  expect(answer.status).toBe(200);
  return performance.now() - started;
}

test(`${CLIENTS} clients that never read the list and the feed grow the process by at most ${BOUND_BYTES / 1024 / 1024} MiB`, async () => {
  const pid = server.child.pid!;
  // Warm: every answer made once, the compressed copies made, so the baseline holds the caches.
  for (const path of ['/api/trainings', '/feeds/all.ics']) {
    expect((await fetch(`${server.url}${path}`)).status).toBe(200);
  }
  await waitFor(
    async () =>
      (await fetch(`${server.url}/feeds/all.ics`, { headers: { 'accept-encoding': 'br' } })).headers.get(
        'content-encoding',
      ) === 'br',
    60_000,
    250,
  );
  // Garbage not yet collected only ever adds to a reading (a busy machine collects later), it never
  // hides memory the clients hold: up to three bursts, the smallest growth counts. A server that
  // kept a copy of the list per client grew by about 72 MiB in every burst.
  const growths: number[] = [];
  for (let burst = 0; burst < 3 && !growths.some((g) => g * 1024 * 1024 <= BOUND_BYTES); burst++) {
    const figures = await slowClientGrowth(server.url, pid, CLIENTS);
    expect(figures.healthzMaxMs).toBeLessThan(2_000);
    growths.push(figures.grewMiB);
  }
  console.log(`[slow clients] N=${N}: ${CLIENTS} stalled clients grew the process by ${growths.join(', ')} MiB`);
  expect(Math.min(...growths) * 1024 * 1024).toBeLessThanOrEqual(BOUND_BYTES);
});

/** The junk-query bench (scripts/bench/junkQueries.ts) at N = 1,000. */
const JUNK_CLIENTS = 100;
test(`${JUNK_CLIENTS} clients that never read the list, each with a junk query string of its own, grow the process by at most ${BOUND_BYTES / 1024 / 1024} MiB`, async () => {
  const pid = server.child.pid!;
  expect((await fetch(`${server.url}/api/trainings`)).status).toBe(200);
  // Each junk query once made an answer of its own (2 MB here), kept and held by its reader: about
  // 30 MiB kept and more held. The same bound as the plain list's readers, the smallest of up to
  // three bursts, for the same reason.
  const growths: number[] = [];
  for (let burst = 0; burst < 3 && !growths.some((g) => g * 1024 * 1024 <= BOUND_BYTES); burst++) {
    const figures = await slowClientGrowth(server.url, pid, JUNK_CLIENTS, {
      warm: () => '/api/trainings',
      stalled: (i) => `/api/trainings?x=${burst}-${i}`,
    });
    expect(figures.healthzMaxMs).toBeLessThan(2_000);
    growths.push(figures.grewMiB);
  }
  console.log(
    `[slow clients] N=${N}: ${JUNK_CLIENTS} stalled junk-query readers grew the process by ${growths.join(', ')} MiB`,
  );
  expect(Math.min(...growths) * 1024 * 1024).toBeLessThanOrEqual(BOUND_BYTES);
});

test('a client that stops sending mid-request is cut once its socket was idle long enough', async () => {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {});
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write('GET /api/trainings HTTP/1.1\r\nHost: x\r\n');
  const started = Date.now();
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const cutAfter = Date.now() - started;
  expect(cutAfter).toBeGreaterThanOrEqual(IDLE_SOCKET_TIMEOUT_MS - 1_000);
  expect(cutAfter).toBeLessThan(IDLE_SOCKET_TIMEOUT_MS + 10_000);
  expect(await healthzMs()).toBeLessThan(2_000);
}, 60_000);
