import type { Tx } from './publishQueue';
import { getSql } from './database/db';

/** "Request an introduction" (docs/product.md, Consultation): kept 30 days, then deleted (removeBefore). */
export async function insert(row: {
  offeringId: string;
  email: string;
  name: string | null;
  message: string | null;
}, tx?: Tx): Promise<void> {
  const sql = tx ?? (await getSql());
  await sql`insert into introduction_requests (offering_id, email, name, message)
    values (${row.offeringId}, ${row.email}, ${row.name}, ${row.message})`;
}

/** Every request made before `cutoff` goes, its address with it; how many went. */
export async function removeBefore(cutoff: Date): Promise<number> {
  const sql = await getSql();
  const rows = await sql`delete from introduction_requests where created_at < ${cutoff} returning id`;
  return rows.length;
}

/** The addresses kept for an offering (the team's look at a complaint; tests). */
export async function emailsOf(offeringId: string): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ email: string }[]>`
    select email from introduction_requests where offering_id = ${offeringId} order by created_at`;
  return rows.map((r) => r.email);
}
