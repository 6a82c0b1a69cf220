import { getSql, usesExternalDatabase } from '../data/db';

/**
 * One build at a time (issue 3). On a PostgreSQL server several instances may share the database:
 * a session-level advisory lock on a reserved connection; it is released if the process dies.
 * The embedded database has a single owning process, so a process-local flag is enough (and
 * reserving PGlite's one connection for a whole build would stall every other query).
 */
const BUILD_LOCK = 7_110_002;
let localHeld = false;

export async function tryBuildLock(): Promise<(() => Promise<void>) | null> {
  if (localHeld) return null;
  if (!usesExternalDatabase()) {
    localHeld = true;
    return async () => {
      localHeld = false;
    };
  }
  const sql = await getSql();
  const connection = await sql.reserve();
  const [row] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(${BUILD_LOCK}) as locked`;
  if (!row?.locked) {
    connection.release();
    return null;
  }
  localHeld = true;
  return async () => {
    localHeld = false;
    try {
      await connection`select pg_advisory_unlock(${BUILD_LOCK})`;
    } finally {
      connection.release();
    }
  };
}
