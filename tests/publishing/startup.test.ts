import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { closeDb } from '../../src/data/db';
import * as admins from '../../src/data/admins';
import { verifyPassword } from '../../src/auth/passwords';
import { prepareTestDatabase } from '../support/database';
import { startServer, tempDir, type RunningServer } from '../support/server';

/** Issue 2 / CONTRACT.md: what `npm start` does on a brand-new and on an existing DATA_DIR. */
const dataDir = tempDir('emdr-start-');
const servers: RunningServer[] = [];
const database = await prepareTestDatabase();
// On PostgreSQL the demo data is only added when asked for (SEED_DEMO=1).
const env = { DATABASE_URL: database.url, ...(database.url ? { SEED_DEMO: '1' } : {}) };

afterAll(async () => {
  await closeDb();
  for (const server of servers) await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const trainingCount = async (server: RunningServer) =>
  ((await (await fetch(`${server.url}/api/trainings`)).json()) as unknown[]).length;

test('a first start migrates, seeds the demo data once, prints a one-time admin password; a second start creates nothing twice', async () => {
  const first = await startServer({ dataDir, env });
  servers.push(first);
  expect(first.output()).toContain('Database migrated: 00001_init.sql');
  expect(first.output()).toContain('Demo trainers and trainings added.');
  const password = first.output().match(/One-time admin password \(shown only now\): (\S+)/)?.[1];
  expect(password).toBeDefined();
  expect(password!.length).toBeGreaterThanOrEqual(20);
  expect(await trainingCount(first)).toBe(14);
  const home = await (await fetch(`${first.url}/`)).text();
  expect(home).toContain('EMDR Basic Training Part 1 — Los Angeles');
  await first.stop();

  const second = await startServer({ dataDir, env });
  servers.push(second);
  expect(second.output()).not.toContain('Database migrated');
  expect(second.output()).not.toContain('Demo trainers and trainings added.');
  expect(second.output()).not.toContain('One-time admin password');
  expect(second.output()).not.toContain('Building the site');
  expect(await trainingCount(second)).toBe(14);

  // The generated password is the admin's, and is random per installation.
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = database.url;
  const admin = await admins.findByEmail('admin@localhost');
  expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
});

test('the admin CLI creates an admin and resets a password while the server runs', async () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
    });
  const created = cli('create', '--email', 'Second@Example.com', '--password', 'first passphrase 123');
  expect(created.stdout).toContain('Admin created: Second@Example.com');
  expect(created.status).toBe(0);
  expect(cli('create', '--email', 'second@example.com', '--password', 'x'.repeat(12)).status).toBe(1);
  const reset = cli('reset-password', '--email', 'second@example.com', '--password', 'second passphrase 456');
  expect(reset.status).toBe(0);
  expect(cli('reset-password', '--email', 'nobody@example.com', '--password', 'x'.repeat(12)).status).toBe(1);
  expect(cli('create').status).toBe(2);

  const admin = await admins.findByEmail('second@example.com');
  expect(await verifyPassword(admin!.passwordHash, 'second passphrase 456')).toBe(true);
  expect(await verifyPassword(admin!.passwordHash, 'first passphrase 123')).toBe(false);
});

test('ADMIN_EMAIL and ADMIN_PASSWORD are ensured at start: created, or their password reset', async () => {
  await closeDb();
  for (const server of servers.splice(0)) await server.stop();
  const third = await startServer({
    dataDir,
    env: { ...env, ADMIN_EMAIL: 'second@example.com', ADMIN_PASSWORD: 'third passphrase 789' },
  });
  servers.push(third);
  expect(third.output()).toContain('Admin password reset: second@example.com');
  expect(third.output()).not.toContain('One-time admin password');
  const admin = await admins.findByEmail('second@example.com');
  expect(await verifyPassword(admin!.passwordHash, 'third passphrase 789')).toBe(true);
});

test('logins, failed logins and logouts are logged with time, email and IP, never a password or token', async () => {
  const server = servers.at(-1)!;
  const post = (path: string, body?: unknown, cookie = '') =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  expect((await post('/api/admin/login', { email: 'second@example.com', password: 'wrong guess 000' })).status).toBe(
    401,
  );
  const login = await post('/api/admin/login', { email: 'second@example.com', password: 'third passphrase 789' });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  expect((await post('/api/admin/logout', undefined, cookie)).status).toBe(200);

  // Log lines are written asynchronously to the pipe.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const log = server.output();
  // JSON lines, one per event, each with the request's id.
  const entries = log
    .split('\n')
    .filter((line) => line.startsWith('{"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const msg of ['failed login', 'login', 'logout']) {
    const entry = entries.find((e) => e.msg === msg);
    expect(entry, msg).toMatchObject({
      email: expect.stringMatching(/^second@example\.com$/i),
      ip: '127.0.0.1',
      requestId: expect.any(String),
    });
    expect(String(entry!.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }
  expect(log).not.toContain('wrong guess 000');
  expect(log).not.toContain('third passphrase 789');
  expect(log).not.toContain(cookie.split('=')[1]!.split('.')[1]!);
});
