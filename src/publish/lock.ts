import { getSql, usesExternalDatabase } from '../data/db';

/**
 * One build at a time per site (one DATA_DIR, or the CDN in hook mode). On a PostgreSQL server the
 * instances sharing a DATA_DIR take a session-level advisory lock keyed by the site's id, on a
 * reserved connection; it is released if the process dies. Instances with DATA_DIRs of their own
 * build side by side. The embedded database has a single owning process, so a process-local flag is
 * enough (and reserving PGlite's one connection for a whole build would stall every other query).
 */
const BUILD_LOCK = 7_110_002;
const held = new Set<string>();

export async function tryBuildLock(siteId: string): Promise<(() => Promise<void>) | null> {
  if (held.has(siteId)) return null;
  if (!usesExternalDatabase()) {
    held.add(siteId);
    return async () => {
      held.delete(siteId);
    };
  }
  const sql = await getSql();
  const connection = await sql.reserve();
  try {
    const [row] = await connection<{ locked: boolean }[]>`
      select pg_try_advisory_lock(${BUILD_LOCK}, hashtext(${siteId})) as locked`;
    if (!row?.locked) {
      connection.release();
      return null;
    }
  } catch (error) {
    connection.release();
    throw error;
  }
  held.add(siteId);
  return async () => {
    held.delete(siteId);
    try {
      await connection`select pg_advisory_unlock(${BUILD_LOCK}, hashtext(${siteId}))`;
    } finally {
      connection.release();
    }
  };
}
