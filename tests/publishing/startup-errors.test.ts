import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { migrate } from '../../src/data/database/migrate';
import { deriveKeys, sealTotpSecret } from '../../src/data/secrets/secretBox';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPasswordPostgres, type PasswordPostgres } from '../support/passwordPostgres';
import { tempDir } from '../support/server';

/**
 * Start-up with a database it cannot use: one sentence naming host:port and the
 * database, the cause and what to check; no stack; the password nowhere in the output.
 */
const PASSWORD = 'Correct-Horse-7f3a9c';
const WRONG = 'Wrong-Battery-e1d2c3';
let cluster: PasswordPostgres;
const dataDir = tempDir('emdr-starterr-');
const blackHoles: net.Server[] = [];

beforeAll(async () => {
  cluster = await startPasswordPostgres(PASSWORD);
}, 120_000);
afterAll(() => {
  cluster?.stop();
  for (const server of blackHoles) server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s script with this DATABASE_URL: its exit code and everything it printed. */
function start(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function expectOneSentence(output: string, secret: string): string {
  const text = output.trim();
  expect(text.split('\n'), text).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at |node_modules|errno|Error:/);
  expect(text).not.toContain(secret);
  expect(text).not.toContain(encodeURIComponent(secret));
  return text;
}

describe('a database it cannot use is one sentence with what to check, and no secret', () => {
  test('refused: nothing listens on the port', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { code, output } = await start(`postgres://app:${PASSWORD}@127.0.0.1:${port}/emdr`);
    expect(code).toBe(1);
    expect(expectOneSentence(output, PASSWORD)).toBe(
      `Cannot use the database "emdr" at 127.0.0.1:${port}: the connection was refused. Check that PostgreSQL is running there and that DATABASE_URL names the right host and port.`,
    );
  });

  test('unreachable: the host name does not exist', async () => {
    const { code, output } = await start(`postgres://app:${PASSWORD}@no-such-host.invalid:5432/emdr`);
    expect(code).toBe(1);
    expect(expectOneSentence(output, PASSWORD)).toBe(
      'Cannot use the database "emdr" at no-such-host.invalid:5432: the host name could not be found. Check the host in DATABASE_URL.',
    );
  });

  test('unreachable: the server accepts the connection and never answers', async () => {
    const hole = net.createServer(() => {});
    blackHoles.push(hole);
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const { port } = hole.address() as net.AddressInfo;
    const { code, output } = await start(`postgres://app:${PASSWORD}@127.0.0.1:${port}/emdr`);
    expect(code).toBe(1);
    expect(expectOneSentence(output, PASSWORD)).toBe(
      `Cannot use the database "emdr" at 127.0.0.1:${port}: the server did not answer in time. Check that it is reachable from this machine (address, firewall) and running.`,
    );
  }, 60_000);

  test('a wrong password', async () => {
    const { code, output } = await start(cluster.url('postgres', WRONG, 'postgres'));
    expect(code).toBe(1);
    expect(expectOneSentence(output, WRONG)).toBe(
      `Cannot use the database "postgres" at 127.0.0.1:${cluster.port}: the password for user "postgres" was refused. Check the user name and password in DATABASE_URL.`,
    );
  });

  test('a missing database', async () => {
    const { code, output } = await start(cluster.url('postgres', PASSWORD, 'no_such_db'));
    expect(code).toBe(1);
    expect(expectOneSentence(output, PASSWORD)).toBe(
      `Cannot use the database "no_such_db" at 127.0.0.1:${cluster.port}: that database does not exist. Create it (createdb no_such_db) or correct the database name in DATABASE_URL.`,
    );
  });

  test('a bad setting names the setting, never the password or the deploy hook token', async () => {
    const token = '5f0c2a9e8d7b6a5f4e3d2c1b';
    const { code, output } = await start(cluster.url('postgres', PASSWORD, 'postgres'), {
      BUILD_HOOK_URL: `https://api.netlify.com/build_hooks/${token}`,
      PORT: 'not-a-port',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/^Cannot start: .*PORT/);
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(token);
  });
});

describe('a secrets key that is not the database’s stops the start (docs/security.md)', () => {
  test('one sentence saying that every instance needs the same SECRETS_KEY, and neither key printed', async () => {
    const url = cluster.url('postgres', PASSWORD, 'sealed_secrets');
    const admin = postgres(cluster.url('postgres', PASSWORD, 'postgres'), { max: 1, onnotice: () => {} });
    await admin.unsafe('create database sealed_secrets');
    await admin.end();
    // What another instance, with its own key, left in the database: a sealed TOTP secret.
    const theirs = randomBytes(32);
    const keys = deriveKeys(theirs);
    const db = postgres(url, { max: 1, onnotice: () => {} });
    await migrate(db);
    const [member] = await db<{ id: string }[]>`
      insert into admin_users (email, password_hash, role) values ('sealed@example.org', 'x', 'owner') returning id`;
    await db`update admin_users set totp_secret = ${sealTotpSecret(keys, member!.id, 'JBSWY3DPEHPK3PXP')}, totp_enabled_at = now()`;
    await db`insert into app_meta (key, value) values ('secrets-key-check', ${keys.check})`;
    await db.end();

    const ours = randomBytes(32).toString('base64');
    const { code, output } = await start(url, { SECRETS_KEY: ours });
    expect(code).toBe(1);
    const sentence = expectOneSentence(output, PASSWORD);
    expect(sentence).toMatch(/^Cannot start: .*secrets key.*give every instance the same SECRETS_KEY/);
    expect(sentence).not.toContain(ours);
    expect(sentence).not.toContain(theirs.toString('base64'));
  }, 120_000);
});
