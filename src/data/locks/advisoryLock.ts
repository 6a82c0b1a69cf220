import { getSql, usesExternalDatabase } from '../database/db';

/**
 * "Only one of us does this at a time" for the publisher (one build per site) and the alert digests
 * (one sender). On a PostgreSQL server: a session-level advisory lock (`kind`, hashtext(`name`)) on
 * a reserved connection, so of several instances on one database exactly one holds it, and a
 * process that dies lets go. The embedded database has a single owning process and one backend
 * session, so a process-local flag is enough (and reserving PGlite's one connection for as long
 * as the work lasts would stall every other query). Resolves to the release, or null when held.
 */
const held = new Set<string>();

export async function tryAdvisoryLock(kind: number, name: string): Promise<(() => Promise<void>) | null> {
  const key = `${kind}/${name}`;
  if (held.has(key)) return null;
  if (!usesExternalDatabase()) {
    held.add(key);
    return async () => {
      held.delete(key);
    };
  }
  const sql = await getSql();
  const connection = await sql.reserve();
  try {
    const [row] = await connection<{ locked: boolean }[]>`
      select pg_try_advisory_lock(${kind}, hashtext(${name})) as locked`;
    if (!row?.locked) {
      connection.release();
      return null;
    }
  } catch (error) {
    connection.release();
    throw error;
  }
  held.add(key);
  return async () => {
    held.delete(key);
    try {
      await connection`select pg_advisory_unlock(${kind}, hashtext(${name}))`;
    } finally {
      connection.release();
    }
  };
}
