import type { Role } from '../../domain/team/roles';
import { getSql } from '../database/db';

/** Admin sessions (docs/decisions/0006-session-lifetimes.md): only SHA-256 of the token's secret is stored. */
export interface SessionRow {
  id: string;
  adminId: string;
  secretHash: Buffer;
  createdAt: Date;
  lastVerifiedAt: Date;
  steppedUpAt: Date | null;
  email: string;
  role: Role;
}

/** A new session, stepped up as it starts; the member's last sign-in (the Team page) is the same moment. */
export async function insert(id: string, adminId: string, secretHash: Buffer): Promise<void> {
  const sql = await getSql();
  await sql.begin(async (tx) => {
    await tx`
      insert into admin_sessions (id, admin_id, secret_hash, stepped_up_at)
      values (${id}, ${adminId}, ${secretHash}, now())`;
    await tx`update admin_users set last_sign_in_at = now() where id = ${adminId}`;
  });
}

/** Every session of a member but `keepId`; how many ended. */
export async function removeOthers(adminId: string, keepId: string): Promise<number> {
  const sql = await getSql();
  const result = await sql`delete from admin_sessions where admin_id = ${adminId} and id <> ${keepId}`;
  return result.count;
}

/** The member gave their password or a current second factor in this session just now. */
export async function markSteppedUp(id: string): Promise<Date | undefined> {
  const sql = await getSql();
  const [row] = await sql<{ steppedUpAt: Date }[]>`
    update admin_sessions set stepped_up_at = now() where id = ${id} returning stepped_up_at`;
  return row?.steppedUpAt;
}

export async function findById(id: string): Promise<SessionRow | undefined> {
  const sql = await getSql();
  const [row] = await sql<SessionRow[]>`
    select s.*, a.email, a.role from admin_sessions s join admin_users a on a.id = s.admin_id where s.id = ${id}`;
  return row;
}

export async function touch(id: string, at: Date): Promise<void> {
  const sql = await getSql();
  await sql`update admin_sessions set last_verified_at = ${at} where id = ${id}`;
}

export async function remove(id: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from admin_sessions where id = ${id}`;
}

/** Removes sessions past their idle or absolute limit: each new sign-in prunes, so the table holds live sessions only. */
export async function removeExpired(idleMs: number, absoluteMs: number): Promise<number> {
  const sql = await getSql();
  const result = await sql`
    delete from admin_sessions
    where last_verified_at < now() - ${idleMs}::float8 * interval '1 millisecond'
       or created_at < now() - ${absoluteMs}::float8 * interval '1 millisecond'`;
  return result.count;
}
