import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

/** Password-reset links (db/migrations/00055_password_resets.sql): only SHA-256 of the token is stored. */
export interface PasswordResetRow {
  id: string;
  adminId: string;
  email: string;
  role: string;
  expiresAt: Date;
  usedAt: Date | null;
  /** By the database's clock. */
  expired: boolean;
}

/** A new link for a member; their older links that are still open stop working (one link per member). */
export async function insert(tx: Tx, adminId: string, tokenHash: Buffer, lifetimeMs: number): Promise<void> {
  await tx`delete from password_resets where admin_id = ${adminId} and used_at is null`;
  await tx`
    insert into password_resets (admin_id, token_hash, expires_at)
    values (${adminId}, ${tokenHash}, now() + ${lifetimeMs}::float8 * interval '1 millisecond')`;
}

export async function findByTokenHash(tokenHash: Buffer): Promise<PasswordResetRow | undefined> {
  const sql = await getSql();
  const [row] = await sql<PasswordResetRow[]>`
    select r.id, r.admin_id, a.email, a.role, r.expires_at, r.used_at, r.expires_at <= now() as expired
    from password_resets r join admin_users a on a.id = r.admin_id
    where r.token_hash = ${tokenHash}`;
  return row;
}

/** Uses the link if it is still open at this moment: false when another request was first, or it expired. */
export async function markUsed(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx`
    update password_resets set used_at = now()
    where id = ${id} and used_at is null and expires_at > now()
    returning id`;
  return rows.length === 1;
}

/** Links that ended a day ago or more tell nothing any more. */
export async function pruneEnded(olderThanMs: number): Promise<number> {
  const sql = await getSql();
  const result = await sql`
    delete from password_resets where expires_at < now() - ${olderThanMs}::float8 * interval '1 millisecond'`;
  return result.count;
}
