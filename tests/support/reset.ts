import { getSql } from '../../src/data/database/db';

/**
 * Empties every table a test may write, so each test starts from a known state. The server under
 * test may be writing at the same moment (a link check started by the last save, the listing counts'
 * flush), and a truncate that meets such a transaction can be the one PostgreSQL picks to end as a
 * deadlock (40P01): that one is simply made again, as PostgreSQL's docs advise for a deadlock victim.
 */
export async function resetDatabase(): Promise<void> {
  const sql = await getSql();
  for (let attempt = 1; ; attempt++) {
    try {
      // No `restart identity`: publish request ids must only grow (the public listing caches by the newest id).
      // request_limits too: a window a file before took (e.g. login-backoff's held-back network, whose
      // security-log entry is written once an hour) must not decide what a later file sees; the
      // order of files is Vitest's, not the alphabet's.
      await sql`truncate trainings, trainers, admin_sessions, publish_requests, login_attempts, request_limits, import_runs, import_links, import_feeds cascade`;
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
    }
  }
}
