import { getSql } from './database/db';

/**
 * The review queue's figures (docs/product.md, Review queue): what waits and how long decisions took.
 * Ages are measured by the database's clock, as the submissions' own timestamps are.
 */

export async function waiting(): Promise<{ count: number; oldestAgeSeconds: number | null }> {
  const sql = await getSql();
  const [row] = await sql<{ count: number; oldestAgeSeconds: number | null }[]>`
    select count(*)::int as count,
           floor(extract(epoch from now() - min(created_at)))::float8 as oldest_age_seconds
    from submissions where status = 'pending'`;
  return row!;
}

/** Approved and rejected submissions decided in the last `days` days: how many, and the median wait. */
export async function decided(days: number): Promise<{ decided: number; medianSeconds: number | null }> {
  const sql = await getSql();
  const [row] = await sql<{ decided: number; medianSeconds: number | null }[]>`
    select count(*)::int as decided,
           (percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at)))::float8
             as median_seconds
    from submissions
    where status in ('approved', 'rejected') and decided_at is not null
      and decided_at > now() - ${days}::int * interval '1 day'`;
  return row!;
}
