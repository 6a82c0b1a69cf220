import { getSql } from '../../src/data/db';

/** Empties every table a test may write, so each test starts from a known state. */
export async function resetDatabase(): Promise<void> {
  const sql = await getSql();
  // No `restart identity`: publish request ids must only grow (the public listing caches by the newest id).
  await sql`truncate trainings, trainers, admin_sessions, publish_requests, login_attempts cascade`;
}
