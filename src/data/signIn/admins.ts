import type { Role } from '../../domain/team/roles';
import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

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
  await sql.begin((tx) => setPassword(tx, id, passwordHash));
}

/** A new password in the caller's transaction: every session and pending sign-in of the admin ends. */
export async function setPassword(tx: Tx, id: string, passwordHash: string): Promise<void> {
  await tx`update admin_users set password_hash = ${passwordHash} where id = ${id}`;
  await tx`delete from admin_sessions where admin_id = ${id}`;
  await tx`delete from admin_pending_logins where admin_id = ${id}`;
}

/** A member's own new password: their other sessions and pending sign-ins end, `keepSessionId` stays; how many ended. */
export async function setPasswordKeeping(tx: Tx, id: string, passwordHash: string, keepSessionId: string): Promise<number> {
  await tx`update admin_users set password_hash = ${passwordHash} where id = ${id}`;
  const ended = await tx`delete from admin_sessions where admin_id = ${id} and id <> ${keepSessionId}`;
  await tx`delete from admin_pending_logins where admin_id = ${id}`;
  return ended.count;
}

/** Every admin's email, oldest first: the start-up banner names who can sign in. */
export async function emails(): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ email: string }[]>`select email from admin_users order by created_at, email`;
  return rows.map((row) => row.email);
}

/**
 * The emails of the members who run the site (the owner and admins): who hears of a listing's
 * problems until the listing's own partner can (docs/product.md, Trust).
 */
export async function siteTeamEmails(): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ email: string }[]>`
    select email from admin_users where role in ('owner', 'admin')
    order by array_position(array['owner', 'admin'], role), lower(email)`;
  return rows.map((row) => row.email);
}

/** A member as the Team page lists them, with their second factors (docs/product.md, The team). */
export interface TeamMemberRow {
  id: string;
  email: string;
  role: Role;
  lastSignInAt: Date | null;
  totp: boolean;
  passkeys: number;
}

/** The team: the owner first, then admins, then editors, each by email. */
export async function listTeam(): Promise<TeamMemberRow[]> {
  const sql = await getSql();
  return sql<TeamMemberRow[]>`
    select a.id, a.email, a.role, a.last_sign_in_at,
           a.totp_enabled_at is not null as totp,
           (select count(*)::int from admin_passkeys p where p.admin_id = a.id) as passkeys
    from admin_users a
    where a.role <> 'partner'
    order by array_position(array['owner', 'admin', 'editor'], a.role), lower(a.email)`;
}

/** A member read in a team change's transaction, locked until it commits. */
export async function findForUpdate(tx: Tx, id: string): Promise<AdminUser | undefined> {
  const [row] = await tx<AdminUser[]>`select * from admin_users where id = ${id} for update`;
  return row;
}

export async function insertMember(tx: Tx, email: string, passwordHash: string, role: Role): Promise<AdminUser> {
  const [row] = await tx<AdminUser[]>`
    insert into admin_users (email, password_hash, role) values (${email}, ${passwordHash}, ${role}) returning *`;
  return row!;
}

export async function setRole(tx: Tx, id: string, role: Role): Promise<void> {
  await tx`update admin_users set role = ${role} where id = ${id}`;
}

/** The owner, if any, becomes an admin: the first half of a hand-over (one owner at any moment). */
export async function demoteOwner(tx: Tx): Promise<AdminUser | undefined> {
  const [previous] = await tx<AdminUser[]>`update admin_users set role = 'admin' where role = 'owner' returning *`;
  return previous;
}

/** The owner becomes an admin and `toId` the owner, in this order. */
export async function handOverOwnership(tx: Tx, toId: string): Promise<AdminUser | undefined> {
  const previous = await demoteOwner(tx);
  await tx`update admin_users set role = 'owner' where id = ${toId}`;
  return previous;
}

/** Removes a member; their sessions, second factors and pending sign-ins go with them (on delete cascade). */
export async function remove(tx: Tx, id: string): Promise<void> {
  await tx`delete from admin_users where id = ${id}`;
}
