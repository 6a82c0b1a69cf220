import type { Role } from '../domain/roles';
import { getSql } from './db';

/** Admin users (docs/product.md). Emails are matched case-insensitively. */
export interface AdminUser {
  id: string;
  email: string;
  passwordHash: string;
  role: Role;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export async function findByEmail(email: string): Promise<AdminUser | undefined> {
  const sql = await getSql();
  const [row] = await sql<AdminUser[]>`select * from admin_users where lower(email) = lower(${email})`;
  return row;
}

export async function findById(id: string): Promise<AdminUser | undefined> {
  const sql = await getSql();
  const [row] = await sql<AdminUser[]>`select * from admin_users where id = ${id}`;
  return row;
}

export async function insert(email: string, passwordHash: string, role: Role = 'admin'): Promise<AdminUser> {
  const sql = await getSql();
  const [row] = await sql<AdminUser[]>`
    insert into admin_users (email, password_hash, role) values (${email}, ${passwordHash}, ${role}) returning *`;
  return row!;
}

/**
 * Makes a member the owner when the team has none (docs/product.md, The team): the preferred email
 * (the bootstrap admin) if it exists, else the oldest member. Two instances starting at once may
 * race; the one-owner index refuses the second, which then finds an owner and changes nothing.
 */
export async function claimOwnershipIfNone(preferredEmail: string): Promise<void> {
  const sql = await getSql();
  try {
    await sql`
      update admin_users set role = 'owner'
      where id = (
        select id from admin_users
        where not exists (select 1 from admin_users where role = 'owner')
        order by lower(email) = lower(${preferredEmail}) desc, created_at, email
        limit 1
      )`;
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
  }
}

/** Sets a new password and ends every session of that admin. */
export async function updatePassword(id: string, passwordHash: string): Promise<void> {
  const sql = await getSql();
  await sql.begin(async (tx) => {
    await tx`update admin_users set password_hash = ${passwordHash} where id = ${id}`;
    await tx`delete from admin_sessions where admin_id = ${id}`;
  });
}

/** Every admin's email, oldest first: the start-up banner names who can sign in. */
export async function emails(): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ email: string }[]>`select email from admin_users order by created_at, email`;
  return rows.map((row) => row.email);
}
