import { afterAll, beforeAll, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { startServer, tempDir, waitFor, type RunningServer } from '../support/server';
import { TcpProxy } from '../support/tcpProxy';

/**
 * The PostgreSQL server goes away while the site runs. Static pages keep being served, API
 * calls answer 503 JSON quickly, and the service recovers by itself. (PostgreSQL target only: the
 * embedded database lives inside the server process.)
 */
let database: TestDatabase;
let proxy: TcpProxy;
let server: RunningServer;
const dataDir = tempDir('emdr-outage-');

beforeAll(async () => {
  database = await prepareTestDatabase();
  const url = new URL(database.url);
  proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
  url.port = String(await proxy.start());
  server = await startServer({
    dataDir,
    env: {
      DATABASE_URL: url.toString(),
      SEED_DEMO: '1',
      ADMIN_EMAIL: 'a@example.com',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await proxy?.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const timed = async (path: string) => {
  const started = Date.now();
  const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
    ms: Date.now() - started,
  };
};

const health = async (path: string) => {
  const answer = await timed(path);
  return { status: answer.status, body: JSON.parse(answer.body) as unknown };
};

test('with the database gone, pages are served, the API and /readyz answer 503 JSON, and it recovers by itself', async () => {
  const list = JSON.parse((await timed('/api/trainings')).body) as { id: string }[];
  expect(list.length).toBe(14);
  const port = proxy.port;

  expect(await health('/readyz')).toEqual({ status: 200, body: { status: 'ok' } });
  await proxy.stop();
  // A balancer stops sending traffic here, and is told why; the process itself still answers.
  await waitFor(async () => (await health('/readyz')).status === 503, 10_000, 300);
  expect(await health('/readyz')).toEqual({
    status: 503,
    body: { status: 'unavailable', reason: 'database unreachable' },
  });
  expect(await health('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  const home = await timed('/');
  expect(home.status).toBe(200);
  expect(home.body).toContain('EMDR Basic Training Part 1');
  expect((await timed(`/training/${list[0]!.id}`)).status).toBe(200);

  for (const path of ['/api/trainings?state=CA', `/api/trainings/${list[0]!.id}`, `/api/trainers/${list[0]!.id}`]) {
    const answer = await timed(path);
    expect(answer.status, path).toBe(503);
    expect(answer.type).toContain('application/json');
    // Answers from the application also carry the request id to find in the log.
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'Service temporarily unavailable' });
    expect(answer.ms).toBeLessThan(15_000);
  }

  await proxy.start(port);
  await waitFor(async () => (await timed('/api/trainings?state=CA')).status === 200, 30_000, 500);
  expect(JSON.parse((await timed('/api/trainings')).body)).toHaveLength(14);
  await waitFor(async () => (await health('/readyz')).status === 200, 10_000, 300);
});
