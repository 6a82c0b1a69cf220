import type { InvitationRole } from '../../domain/team/roles';
import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

/**
 * Invitations to join the team (docs/product.md, The team). Only SHA-256 of the link's token is
 * stored; the link is open until it is accepted, revoked or past expires_at.
 */
export interface InvitationRow {
  id: string;
  email: string;
  role: InvitationRole;
  invitedBy: string | null;
  invitedByEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

export async function insert(
  tx: Tx,
  input: { email: string; role: InvitationRole; tokenHash: Buffer; invitedBy: string; lifetimeMs: number },
): Promise<InvitationRow> {
  const [row] = await tx<InvitationRow[]>`
    insert into admin_invitations (email, role, token_hash, invited_by, expires_at)
    values (${input.email}, ${input.role}, ${input.tokenHash}, ${input.invitedBy},
            now() + ${input.lifetimeMs}::float8 * interval '1 millisecond')
    returning *, null::text as invited_by_email`;
  return row!;
}

/** Open invitations (not accepted, not revoked, not expired), newest first, with who sent them. */
export async function listOpen(): Promise<InvitationRow[]> {
  const sql = await getSql();
  return sql<InvitationRow[]>`
    select i.*, a.email as invited_by_email
    from admin_invitations i left join admin_users a on a.id = i.invited_by
    where i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
    order by i.created_at desc`;
}

/**
 * The roles of the invitations to this email that are still open (not used, withdrawn or expired),
 * under a lock on the email for the rest of the transaction, so two invitations made at once for one
 * address are decided one after the other.
 */
export async function openRolesFor(tx: Tx, email: string): Promise<InvitationRole[]> {
  await tx`select pg_advisory_xact_lock(7110061, hashtext(lower(${email})))`;
  const rows = await tx<{ role: InvitationRole }[]>`
    select role from admin_invitations
    where lower(email) = lower(${email}) and accepted_at is null and revoked_at is null and expires_at > now()`;
  return rows.map((row) => row.role);
}

/** Revokes every open invitation to this email: a new one replaces it (one working link per person). */
export async function revokeOpenFor(tx: Tx, email: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    update admin_invitations set revoked_at = now()
    where lower(email) = lower(${email}) and accepted_at is null and revoked_at is null
    returning id`;
  return rows.map((row) => row.id);
}

/** Revokes one invitation that is still unused; undefined when there is no such invitation. */
export async function revoke(tx: Tx, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx<InvitationRow[]>`
    update admin_invitations set revoked_at = now()
    where id = ${id} and accepted_at is null and revoked_at is null
    returning *, null::text as invited_by_email`;
  return row;
}

/** The invitation a token's hash names, with whether it has expired by the database's clock. */
export async function findByTokenHash(tokenHash: Buffer): Promise<(InvitationRow & { expired: boolean }) | undefined> {
  const sql = await getSql();
  const [row] = await sql<(InvitationRow & { expired: boolean })[]>`
    select i.*, a.email as invited_by_email, i.expires_at <= now() as expired
    from admin_invitations i left join admin_users a on a.id = i.invited_by
    where i.token_hash = ${tokenHash}`;
  return row;
}

/** Uses the invitation, if it is still open at this moment: false when another request was first. */
export async function markAccepted(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx`
    update admin_invitations set accepted_at = now()
    where id = ${id} and accepted_at is null and revoked_at is null and expires_at > now()
    returning id`;
  return rows.length === 1;
}
