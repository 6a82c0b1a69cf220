import { getSql, usesExternalDatabase } from './db';

/**
 * One sender of alert digests at a time, with the kind of lock the publisher takes (publish/lock.ts):
 * on a PostgreSQL server a session-level advisory lock on a reserved connection (released if the
 * process dies), so of several instances on one database exactly one sends. The embedded database
 * has one owning process and a single backend session: a process-local flag, and each alert's
 * window is also claimed row by row (alerts.claim) so the admin CLI joining that process's database
 * cannot send the same digest again.
 */
const ALERTS_LOCK = 7_110_003;
let held = false;

export async function trySendLock(): Promise<(() => Promise<void>) | null> {
  if (held) return null;
  if (!usesExternalDatabase()) {
    held = true;
    return async () => {
      held = false;
    };
  }
  const sql = await getSql();
  const connection = await sql.reserve();
  try {
    const [row] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(${ALERTS_LOCK}) as locked`;
    if (!row?.locked) {
      connection.release();
      return null;
    }
  } catch (error) {
    connection.release();
    throw error;
  }
  held = true;
  return async () => {
    held = false;
    try {
      await connection`select pg_advisory_unlock(${ALERTS_LOCK})`;
    } finally {
      connection.release();
    }
  };
}
