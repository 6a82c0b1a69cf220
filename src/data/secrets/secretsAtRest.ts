import { randomBytes } from 'node:crypto';
import { getSql } from '../database/db';
import { CODE_SALT_BYTES, codeDigest, SEALED_PREFIX, sealTotpSecret } from './secretBox';
import { keysForSealing } from './secretsKey';

/**
 * Run at every start, after the migrations (db/migrations/00030_secrets_at_rest.sql): loads the
 * secrets key (making DATA_DIR/secrets.key on a first start without SECRETS_KEY, refusing a key that
 * is not the database's with SecretsKeyError), then seals what an earlier version stored plainly:
 * TOTP secrets in base32, and recovery codes as unsalted SHA-256, which get a salt and the keyed HMAC
 * over that same SHA-256, so every code still works. Each row is rewritten only if it is unchanged
 * since it was read, so two instances starting at once do it once. How many rows were sealed.
 */
export async function sealStoredSecrets(): Promise<{ totpSecrets: number; recoveryCodes: number }> {
  const keys = await keysForSealing();
  const sql = await getSql();
  let totpSecrets = 0;
  const plain = await sql<{ id: string; totpSecret: string }[]>`
    select id, totp_secret from admin_users where totp_secret is not null and totp_secret not like ${`${SEALED_PREFIX}%`}`;
  for (const row of plain) {
    const sealed = sealTotpSecret(keys, row.id, row.totpSecret);
    const result = await sql`
      update admin_users set totp_secret = ${sealed} where id = ${row.id} and totp_secret = ${row.totpSecret}`;
    totpSecrets += result.count;
  }
  let recoveryCodes = 0;
  const unsalted = await sql<{ id: string; codeHash: Buffer }[]>`
    select id, code_hash from admin_recovery_codes where code_salt is null`;
  for (const row of unsalted) {
    const salt = randomBytes(CODE_SALT_BYTES);
    const result = await sql`
      update admin_recovery_codes set code_salt = ${salt}, code_hash = ${codeDigest(keys.codes, salt, Buffer.from(row.codeHash))}
      where id = ${row.id} and code_salt is null`;
    recoveryCodes += result.count;
  }
  return { totpSecrets, recoveryCodes };
}
