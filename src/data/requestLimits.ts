import { getSql } from './database/db';
import type { Tx } from './publishQueue';

/**
 * Fixed-window request counters (db/migrations/00024_alerts.sql). `take` counts one request for the
 * key and says whether it is within `limit` for the current window, in one statement, so parallel
 * requests cannot all slip past.
 */
export async function take(key: string, limit: number, windowMs: number, tx?: Tx): Promise<boolean> {
  const sql = tx ?? (await getSql());
  const [row] = await sql<{ count: number }[]>`
    insert into request_limits as r (key, count) values (${key.slice(0, 400)}, 1)
    on conflict (key) do update set
      count = case when r.window_started_at < now() - ${windowMs}::float8 * interval '1 millisecond' then 1 else r.count + 1 end,
      window_started_at = case when r.window_started_at < now() - ${windowMs}::float8 * interval '1 millisecond'
                               then now() else r.window_started_at end
    returning count`;
  return row!.count <= limit;
}

/** Counters whose window ended long ago mean nothing. */
export async function prune(olderThanMs: number): Promise<void> {
  const sql = await getSql();
  await sql`delete from request_limits where window_started_at < now() - ${olderThanMs}::float8 * interval '1 millisecond'`;
}
