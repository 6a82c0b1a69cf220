import { getSql } from './db';

/** Admin users (docs/product.md). Emails are matched case-insensitively. */
export interface AdminUser {
  id: string;
  email: string;
  passwordHash: string;
  createdAt: Date;
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

export async function insert(email: string, passwordHash: string): Promise<AdminUser> {
  const sql = await getSql();
  const [row] = await sql<AdminUser[]>`
    insert into admin_users (email, password_hash) values (${email}, ${passwordHash}) returning *`;
  return row!;
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
