import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';
import { insertCodes, storedCodes, useCode } from './recoveryCodeRows';
import { isSealed, openTotpSecret, sealTotpSecret } from '../secrets/secretBox';
import { keysForSealing, secretKeys } from '../secrets/secretsKey';
import { log } from '../../log';

/**
 * Two-factor sign-in rows (db/migrations/00026_two_factor.sql): an admin's TOTP secret and state,
 * recovery codes, pending sign-ins between password and second factor, and the site-wide
 * requirement. Only hashes of pending-step secrets are stored; the TOTP secret is sealed with
 * AES-256-GCM and each recovery code kept as a salted HMAC, with a key that is not in the database
 * (src/data/secrets/secretBox.ts): callers give and get the plain secret and the codes' SHA-256.
 */
export interface TotpState {
  secret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

export async function totpState(adminId: string): Promise<TotpState | undefined> {
  const sql = await getSql();
  const [row] = await sql<{ totpSecret: string | null; totpEnabledAt: Date | null; totpLastStep: string | null }[]>`
    select totp_secret, totp_enabled_at, totp_last_step from admin_users where id = ${adminId}`;
  if (!row) return undefined;
  return {
    secret: row.totpSecret === null ? null : await openSecret(adminId, row.totpSecret),
    enabledAt: row.totpEnabledAt,
    lastStep: row.totpLastStep === null ? null : Number(row.totpLastStep),
  };
}

/** The plain secret; one from before sealing (until the start seals it) is read as it is. */
async function openSecret(adminId: string, stored: string): Promise<string | null> {
  if (!isSealed(stored)) return stored;
  const secret = openTotpSecret(await secretKeys(), adminId, stored);
  // The start refuses a key that is not the database's: this is a row altered or copied from another member.
  if (secret === null) log.error({ event: 'totp-secret-unreadable', adminId }, 'a stored TOTP secret does not open');
  return secret;
}

/** A new secret awaiting its first code; refused (false) while TOTP is on, so an active secret is never replaced. */
export async function setPendingSecret(adminId: string, secret: string): Promise<boolean> {
  const sql = await getSql();
  const sealed = sealTotpSecret(await keysForSealing(), adminId, secret);
  const result = await sql`
    update admin_users set totp_secret = ${sealed}, totp_last_step = null
    where id = ${adminId} and totp_enabled_at is null`;
  return result.count === 1;
}

/**
 * Records `step` as used when it is newer than the last accepted one: one statement, so two
 * requests with the same code cannot both pass.
 */
export async function claimStep(adminId: string, step: number): Promise<boolean> {
  const sql = await getSql();
  const result = await sql`
    update admin_users set totp_last_step = ${step}
    where id = ${adminId} and (totp_last_step is null or totp_last_step < ${step})`;
  return result.count === 1;
}

/** Turns TOTP on with a fresh set of recovery codes (replacing any earlier ones), in one transaction. */
export async function enableTotp(adminId: string, step: number, codeHashes: Buffer[]): Promise<boolean> {
  const sql = await getSql();
  const codes = await storedCodes(codeHashes);
  return sql.begin(async (tx) => {
    const result = await tx`
      update admin_users set totp_enabled_at = now(), totp_last_step = ${step}
      where id = ${adminId} and totp_enabled_at is null and totp_secret is not null
        and (totp_last_step is null or totp_last_step < ${step})`;
    if (result.count !== 1) return false;
    await tx`delete from admin_recovery_codes where admin_id = ${adminId}`;
    await insertCodes(tx, adminId, codes);
    return true;
  });
}

/** TOTP off: the secret and every recovery code go. */
export async function disableTotp(adminId: string): Promise<void> {
  const sql = await getSql();
  await sql.begin(async (tx) => {
    await tx`update admin_users set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = ${adminId}`;
    await tx`delete from admin_recovery_codes where admin_id = ${adminId}`;
  });
}

export async function replaceRecoveryCodes(adminId: string, codeHashes: Buffer[]): Promise<void> {
  const sql = await getSql();
  const codes = await storedCodes(codeHashes);
  await sql.begin(async (tx) => {
    await tx`delete from admin_recovery_codes where admin_id = ${adminId}`;
    await insertCodes(tx, adminId, codes);
  });
}

/** Marks the unused code with this SHA-256 as used; false when there is none (wrong or already used). */
export async function useRecoveryCode(adminId: string, codeHash: Buffer): Promise<boolean> {
  return useCode(adminId, codeHash);
}

export async function unusedRecoveryCodes(adminId: string): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from admin_recovery_codes where admin_id = ${adminId} and used_at is null`;
  return row?.count ?? 0;
}

export interface PendingRow {
  id: string;
  adminId: string;
  secretHash: Buffer;
  expiresAt: Date;
}

export async function insertPending(id: string, adminId: string, secretHash: Buffer, lifetimeMs: number): Promise<void> {
  const sql = await getSql();
  await sql`delete from admin_pending_logins where expires_at < now()`;
  await sql`
    insert into admin_pending_logins (id, admin_id, secret_hash, expires_at)
    values (${id}, ${adminId}, ${secretHash}, now() + ${lifetimeMs}::float8 * interval '1 millisecond')`;
}

/** A pending sign-in that has not expired (the database's clock decides, as for sessions). */
export async function findPending(id: string): Promise<PendingRow | undefined> {
  const sql = await getSql();
  const [row] = await sql<PendingRow[]>`
    select id, admin_id, secret_hash, expires_at from admin_pending_logins where id = ${id} and expires_at > now()`;
  return row;
}

export async function removePending(id: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from admin_pending_logins where id = ${id}`;
}

/** Whether the owner requires a second factor of every member (docs/product.md). */
export async function twoFactorRequired(): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql<{ requireTwoFactor: boolean }[]>`select require_two_factor from site_settings`;
  return row?.requireTwoFactor ?? false;
}

export async function setTwoFactorRequired(required: boolean): Promise<void> {
  const sql = await getSql();
  await sql`
    insert into site_settings (id, require_two_factor) values (true, ${required})
    on conflict (id) do update set require_two_factor = excluded.require_two_factor`;
}

/**
 * A lost device (`npm run admin -- reset-2fa`): TOTP off, recovery codes, passkeys, pending sign-ins
 * and sessions gone, in the caller's transaction. The password stays.
 */
export async function resetSecondFactors(tx: Tx, adminId: string): Promise<void> {
  await tx`update admin_users set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = ${adminId}`;
  await tx`delete from admin_recovery_codes where admin_id = ${adminId}`;
  await tx`delete from admin_passkeys where admin_id = ${adminId}`;
  await tx`delete from admin_pending_logins where admin_id = ${adminId}`;
  await tx`delete from admin_sessions where admin_id = ${adminId}`;
}
