import { getSql } from '../../src/data/db';

/** Empties every table a test may write, so each test starts from a known state. */
export async function resetDatabase(): Promise<void> {
  const sql = await getSql();
  await sql`truncate trainings, trainers, admin_sessions, publish_requests restart identity cascade`;
}
