import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { closeDb } from '../../src/data/database/db';
import * as admins from '../../src/data/signIn/admins';
import { verifyPassword } from '../../src/auth/passwords';
import { prepareTestDatabase } from '../support/database';
import { startServer, tempDir, waitFor, type RunningServer } from '../support/server';

/** README.md: what `npm start` does on a brand-new and on an existing DATA_DIR, and how it says how to sign in. */
const dataDir = tempDir('emdr-start-');
const servers: RunningServer[] = [];
const database = await prepareTestDatabase();
// On PostgreSQL the demo data is only added when asked for (SEED_DEMO=1).
const baseEnv = { DATABASE_URL: database.url, ...(database.url ? { SEED_DEMO: '1' } : {}) };
const blocker = net.createServer();
await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
const port = (blocker.address() as net.AddressInfo).port;
// The first starts use a fixed PORT and no SITE_URL; later ones name the same address, so the site
// built by the first start is reused.
const env = { ...baseEnv, SITE_URL: `http://localhost:${port}` };

afterAll(async () => {
  blocker.close();
  await closeDb();
  for (const server of servers) await server.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const trainingCount = async (server: RunningServer) =>
  ((await (await fetch(`${server.url}/api/trainings`)).json()) as unknown[]).length;

const signIn = (server: RunningServer, email: string, password: string) =>
  fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });

const startFailure = (options: Parameters<typeof startServer>[0]) =>
  startServer(options).then(
    () => expect.fail('the start should have failed'),
    (error: Error) => error.message,
  );

test('a first start that fails on a taken port creates no admin; the next start creates it and its banner shows the one-time password', async () => {
  const failed = await startFailure({ dataDir, env: { ...baseEnv, PORT: String(port), SITE_URL: '' } });
  expect(failed).toContain('server exited with 1');
  expect(failed).toContain('Database migrated: 00001_init.sql');
  expect(failed).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  expect(failed).not.toContain('One-time admin password');
  expect(failed).not.toContain('admin@localhost');
  expect(failed).not.toMatch(/^\s+at /m);
  blocker.close();

  const first = await startServer({ dataDir, env: { ...baseEnv, PORT: String(port), SITE_URL: '' } });
  servers.push(first);
  const output = first.output();
  expect(output).not.toContain('Database migrated');
  expect(output).not.toContain('Building the site');
  expect(output).toContain('Admin created: admin@localhost');
  const banner = output.slice(output.indexOf('is running at'));
  expect(banner).toContain(`Site:     http://localhost:${port}/`);
  expect(banner).toContain(`Admin:    http://localhost:${port}/admin/login`);
  expect(banner).toContain('Sign in:  admin@localhost');
  const password = banner.match(/One-time admin password \(shown only now\): (\S+)/)?.[1];
  expect(password).toBeDefined();
  expect(password!.length).toBeGreaterThanOrEqual(20);
  expect(banner).toContain('npm run admin -- reset-password --email admin@localhost');
  expect((await signIn(first, 'admin@localhost', password!)).status).toBe(200);

  // SITE_URL defaults to the address served, in the published pages too.
  const sitemap = await (await fetch(`${first.url}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>http://localhost:${port}/</loc>`);
  expect(sitemap).not.toContain('localhost:4321');
  expect(await trainingCount(first)).toBe(14);
  const home = await (await fetch(`${first.url}/`)).text();
  expect(home).toContain('EMDR Basic Training Part 1 — Los Angeles');
  await first.stop();
});

test('every later start says who can sign in and how to reset a forgotten password, and creates nothing twice', async () => {
  const second = await startServer({ dataDir, env });
  servers.push(second);
  const output = second.output();
  expect(output).not.toContain('Database migrated');
  expect(output).not.toContain('Demo trainers and trainings added.');
  expect(output).not.toContain('One-time admin password');
  expect(output).not.toContain('Admin created');
  expect(output).not.toContain('Building the site');
  expect(output).toContain('Sign in:  admin@localhost');
  expect(output).toContain(
    "Forgot the password? npm run admin -- reset-password --email admin@localhost --password '<new password, 12+ characters>'",
  );
  expect(await trainingCount(second)).toBe(14);
});

test('a start with an unusable ADMIN_PASSWORD stops before changing anything and says why', async () => {
  const failed = await startFailure({
    dataDir,
    env: { ...env, ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'short' },
  });
  expect(failed).toContain('ADMIN_EMAIL / ADMIN_PASSWORD: Use a password of at least 12 characters.');
  expect(failed).not.toMatch(/^\s+at /m);
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = database.url;
  expect(await admins.findByEmail('ops@example.com')).toBeUndefined();
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
  const short = cli('create', '--email', 'third@example.com', '--password', 'eleven char');
  expect(short.status).toBe(2);
  expect(short.stderr).toContain('Use a password of at least 12 characters. Nothing was changed.');
  expect(cli('create', '--email', 'ops@localhost', '--password', 'twelve chars').stdout).toContain(
    'Admin created: ops@localhost',
  );

  const admin = await admins.findByEmail('second@example.com');
  expect(await verifyPassword(admin!.passwordHash, 'second passphrase 456')).toBe(true);
  expect(await verifyPassword(admin!.passwordHash, 'first passphrase 123')).toBe(false);
});

test('ADMIN_PASSWORD replaces a password reset with the CLI at the next start, and the log says so and how to keep it', async () => {
  await closeDb();
  for (const server of servers.splice(0)) await server.stop();
  const third = await startServer({
    dataDir,
    env: { ...env, ADMIN_EMAIL: 'second@example.com', ADMIN_PASSWORD: 'third passphrase 789' },
  });
  servers.push(third);
  expect(third.output()).toContain(
    'Admin password reset: second@example.com now has the password in ADMIN_PASSWORD and its sessions were ended.',
  );
  expect(third.output()).toContain('unset ADMIN_PASSWORD to keep a password set by hand');
  expect(third.output()).toContain('Sign in:  second@example.com with the password in ADMIN_PASSWORD');
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

  // Log lines reach the pipe asynchronously: the last event's line is awaited.
  await waitFor(async () => server.output().includes('"msg":"logout"'), 10_000, 20);
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

test('login and logout also work as plain form posts from the site itself, answered with redirects', async () => {
  const server = servers.at(-1)!;
  const form = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...headers },
      body,
    });
  const credentials = new URLSearchParams({ email: 'second@example.com', password: 'third passphrase 789' }).toString();

  const wrong = await form('/api/admin/login', 'email=second%40example.com&password=nope');
  expect(wrong.status).toBe(303);
  expect(wrong.headers.get('location')).toBe('/admin/login');
  expect(wrong.headers.get('set-cookie')).not.toContain('emdr_admin_session=');

  expect((await form('/api/admin/login', credentials, { origin: 'https://evil.example' })).status).toBe(403);

  const login = await form('/api/admin/login', credentials);
  expect(login.status).toBe(303);
  expect(login.headers.get('location')).toBe('/admin/dashboard');
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('emdr_admin_session='))!
    .split(';')[0]!;
  const session = () => fetch(`${server.url}/api/admin/session`, { headers: { cookie } }).then((r) => r.json());
  // The stored spelling: the CLI created it as Second@Example.com.
  expect(await session()).toMatchObject({ authenticated: true, admin: { email: 'Second@Example.com' } });

  expect((await form('/api/admin/logout', '', { cookie, origin: 'https://evil.example' })).status).toBe(403);
  expect(await session()).toMatchObject({ authenticated: true });
  const logout = await form('/api/admin/logout', '', { cookie });
  expect(logout.status).toBe(303);
  expect(logout.headers.get('location')).toBe('/admin/login');
  expect(await session()).toEqual({ authenticated: false });
});

test('/readyz says "starting" until the start has finished, and the environment admin signs in from the first answer', async () => {
  const free = net.createServer();
  await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
  const readyPort = (free.address() as net.AddressInfo).port;
  await new Promise((resolve) => free.close(resolve));
  // The address tests reach a server at (tests/support/server.ts): an origin of the site.
  const base = `http://localhost:${readyPort}`;
  const email = 'ready@example.com';
  const password = 'ready-password-2026';

  let started = false;
  // A DATA_DIR of its own: on the embedded database this server owns it, so it starts the publisher
  // and warms up, as a first instance does.
  const readyDir = tempDir('emdr-ready-');
  const starting = startServer({
    dataDir: readyDir,
    env: { ...baseEnv, PORT: String(readyPort), ADMIN_EMAIL: email, ADMIN_PASSWORD: password },
  }).then((server) => {
    started = true;
    return server;
  });
  const answers: { status: number; body: unknown }[] = [];
  let firstSignIn: number | undefined;
  // As a load balancer and an eager client would: from the moment the port answers.
  while (!started) {
    try {
      const answer = await fetch(`${base}/readyz`);
      answers.push({ status: answer.status, body: await answer.json() });
      firstSignIn ??= (
        await fetch(`${base}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email, password }),
        })
      ).status;
    } catch {
      // Not listening yet.
    }
    // A client polling every 20 ms, as a balancer's probe does: the polling is the thing under test.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const server = await starting;
  expect(firstSignIn).toBe(200);
  const notReady = answers.filter((answer) => answer.status !== 200);
  expect(notReady.length).toBeGreaterThan(0);
  for (const answer of notReady) {
    expect(answer).toEqual({ status: 503, body: { status: 'unavailable', reason: 'starting' } });
  }
  // Once it says ready it stays ready.
  const firstReady = answers.findIndex((answer) => answer.status === 200);
  if (firstReady !== -1) expect(answers.slice(firstReady).every((answer) => answer.status === 200)).toBe(true);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
  await server.stop();
  fs.rmSync(readyDir, { recursive: true, force: true, maxRetries: 3 });
});
