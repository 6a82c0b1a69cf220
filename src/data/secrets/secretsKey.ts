import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decodeSecretsKey, secretsEnv } from '../../settings';
import { getSql } from '../database/db';
import { deriveKeys, SEALED_PREFIX, type SecretKeys } from './secretBox';

/**
 * Where the key that seals two-factor secrets comes from (README.md, "Secrets at rest"): SECRETS_KEY
 * when it is set, else DATA_DIR/secrets.key, made (32 random bytes, mode 0600) by the first process
 * that needs it. Never the database: a copy of the database alone opens nothing.
 *
 * Several instances on one database must share the key (SECRETS_KEY, or one DATA_DIR). The key's
 * fingerprint is kept in `app_meta`; a process whose key differs while sealed secrets exist stops
 * with SecretsKeyError instead of failing every sign-in with a second factor. With nothing sealed
 * yet, the newcomer's key is taken (a fresh DATA_DIR on a database that never had two-factor on).
 */
export class SecretsKeyError extends Error {}

const CHECK_KEY = 'secrets-key-check';

let memo: { source: string; keys: Promise<SecretKeys> } | undefined;

/** The keys, checked against the database once per process (and again when the setting changes). */
export function secretKeys(): Promise<SecretKeys> {
  const env = secretsEnv();
  const source = env.key ? `env:${env.key.toString('base64url')}` : `file:${env.keyFile}`;
  if (memo?.source !== source) {
    const keys = masterKey(env).then(async (master) => {
      const derived = deriveKeys(master);
      await confirmKey(derived);
      return derived;
    });
    memo = { source, keys };
    keys.catch(() => {
      if (memo?.keys === keys) memo = undefined;
    });
  }
  return memo.keys;
}

/** Before sealing: the key is still the database's (another instance may have started since). */
export async function keysForSealing(): Promise<SecretKeys> {
  const keys = await secretKeys();
  await confirmKey(keys);
  return keys;
}

export async function masterKey(env: ReturnType<typeof secretsEnv>): Promise<Buffer> {
  if (env.key) return env.key;
  try {
    return await readKeyFile(env.keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.promises.mkdir(path.dirname(env.keyFile), { recursive: true });
  // Written whole under a temporary name, then linked into place: two processes starting on one
  // DATA_DIR agree on one key, and neither ever reads a half-written file.
  const temp = `${env.keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.promises.writeFile(temp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.promises.link(temp, env.keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.promises.unlink(temp);
  }
  return readKeyFile(env.keyFile);
}

async function readKeyFile(file: string): Promise<Buffer> {
  const key = decodeSecretsKey(await fs.promises.readFile(file, 'utf8'));
  if (!key) throw new SecretsKeyError(`${file} does not hold a secrets key: restore it from a backup, or set SECRETS_KEY.`);
  // Readable by this user only, also when it was copied in by hand.
  if (((await fs.promises.stat(file)).mode & 0o077) !== 0) await fs.promises.chmod(file, 0o600);
  return key;
}

async function confirmKey(keys: SecretKeys): Promise<void> {
  const sql = await getSql();
  await sql`insert into app_meta (key, value) values (${CHECK_KEY}, ${keys.check}) on conflict (key) do nothing`;
  const [row] = await sql<{ value: string }[]>`select value from app_meta where key = ${CHECK_KEY}`;
  if (row?.value === keys.check) return;
  if (await hasSealedSecrets()) {
    throw new SecretsKeyError(
      'This instance’s secrets key (SECRETS_KEY, or DATA_DIR/secrets.key when it is unset) is not the one the database’s two-factor secrets were sealed with: give every instance the same SECRETS_KEY (README.md, Secrets at rest).',
    );
  }
  await sql`update app_meta set value = ${keys.check} where key = ${CHECK_KEY}`;
}

async function hasSealedSecrets(): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql<{ sealed: boolean }[]>`
    select exists (select 1 from admin_users where totp_secret like ${`${SEALED_PREFIX}%`})
        or exists (select 1 from admin_recovery_codes where code_salt is not null) as sealed`;
  return row?.sealed ?? false;
}
