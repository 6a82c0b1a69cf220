import { randomBytes } from 'node:crypto';
import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';
import { CODE_SALT_BYTES, codeDigest, sameDigest } from '../secrets/secretBox';
import { keysForSealing, secretKeys } from '../secrets/secretsKey';

/**
 * Recovery codes as stored (db/migrations/00030_secrets_at_rest.sql): each code's SHA-256, as the
 * caller gives it (src/auth/recoveryCodes.ts), under a salt of its own and HMAC-SHA-256 with the
 * server's key (src/data/secrets/secretBox.ts), never the SHA-256 itself.
 */
export interface StoredCode {
  salt: Buffer;
  digest: Buffer;
}

/** The rows for new codes; made before the caller's transaction, as the key may need the database. */
export async function storedCodes(codeHashes: readonly Buffer[]): Promise<StoredCode[]> {
  const { codes } = await keysForSealing();
  return codeHashes.map((hash) => {
    const salt = randomBytes(CODE_SALT_BYTES);
    return { salt, digest: codeDigest(codes, salt, hash) };
  });
}

export async function insertCodes(tx: Tx, adminId: string, stored: readonly StoredCode[]): Promise<void> {
  for (const code of stored) {
    await tx`
      insert into admin_recovery_codes (admin_id, code_salt, code_hash) values (${adminId}, ${code.salt}, ${code.digest})`;
  }
}

/**
 * Uses up the unused code whose SHA-256 is `codeHash`: one HMAC per unused code of this member (ten
 * at most), then a claim that only one request can win. A row from before salts (code_salt null,
 * until the start-up rewrites it) is compared as the plain SHA-256 it holds.
 */
export async function useCode(adminId: string, codeHash: Buffer): Promise<boolean> {
  const sql = await getSql();
  const rows = await sql<{ id: string; codeSalt: Buffer | null; codeHash: Buffer }[]>`
    select id, code_salt, code_hash from admin_recovery_codes where admin_id = ${adminId} and used_at is null`;
  const { codes } = await secretKeys();
  const match = rows.find((row) =>
    sameDigest(Buffer.from(row.codeHash), row.codeSalt ? codeDigest(codes, Buffer.from(row.codeSalt), codeHash) : codeHash),
  );
  if (!match) return false;
  const result = await sql`update admin_recovery_codes set used_at = now() where id = ${match.id} and used_at is null`;
  return result.count === 1;
}
