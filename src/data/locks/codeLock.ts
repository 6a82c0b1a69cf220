import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

/**
 * Wrong second-factor codes (db/migrations/00032_step_up.sql): per pending sign-in, and per account
 * over a sliding window, with the account's lock. The database's clock decides, as for sessions.
 */

/** One more wrong code in this pending sign-in; how many it has had now (0 when it is gone). */
export async function countPendingWrongCode(pendingId: string): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ wrongCodes: number }[]>`
    update admin_pending_logins set wrong_codes = wrong_codes + 1 where id = ${pendingId} returning wrong_codes`;
  return row?.wrongCodes ?? 0;
}

/** When the account's codes were locked, if that was within `windowMs`; else null. */
export async function lockedAt(adminId: string, windowMs: number): Promise<Date | null> {
  const sql = await getSql();
  const [row] = await sql<{ codesLockedAt: Date }[]>`
    select codes_locked_at from admin_users
    where id = ${adminId} and codes_locked_at > now() - ${windowMs}::float8 * interval '1 millisecond'`;
  return row?.codesLockedAt ?? null;
}

/**
 * Records a wrong code and counts those within `windowMs`. At `limit` the account is locked: `locked`
 * is the moment for the one call that locked it (so one mail goes out), null otherwise. Older rows
 * go as new ones come, so an account keeps at most about `limit` of them.
 */
export async function addWrongCode(
  adminId: string,
  windowMs: number,
  limit: number,
): Promise<{ count: number; locked: Date | null }> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    await tx`
      delete from admin_wrong_codes
      where admin_id = ${adminId} and failed_at <= now() - ${windowMs}::float8 * interval '1 millisecond'`;
    await tx`insert into admin_wrong_codes (admin_id) values (${adminId})`;
    const [counted] = await tx<{ count: number }[]>`
      select count(*)::int as count from admin_wrong_codes where admin_id = ${adminId}`;
    const count = counted?.count ?? 0;
    if (count < limit) return { count, locked: null };
    const [row] = await tx<{ codesLockedAt: Date }[]>`
      update admin_users set codes_locked_at = now()
      where id = ${adminId}
        and (codes_locked_at is null or codes_locked_at <= now() - ${windowMs}::float8 * interval '1 millisecond')
      returning codes_locked_at`;
    return { count, locked: row?.codesLockedAt ?? null };
  });
}

/** `reset-2fa`: the lock and the count go (in the caller's transaction). */
export async function clear(tx: Tx, adminId: string): Promise<void> {
  await tx`update admin_users set codes_locked_at = null where id = ${adminId}`;
  await tx`delete from admin_wrong_codes where admin_id = ${adminId}`;
}
