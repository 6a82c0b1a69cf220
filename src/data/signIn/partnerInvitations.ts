import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

/**
 * Partners' open invitations (docs/product.md, Partners: the Partners page): with the trainer profiles
 * each names, and the two changes the owner and admins make to one: a fresh link (resend) and
 * withdrawing it. Only team invitations are elsewhere (invitations.ts); a team invitation's id is
 * unknown here.
 */
export interface OpenPartnerInvitationRow {
  id: string;
  email: string;
  invitedByEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
  trainers: { id: string; name: string }[];
}

export async function listOpen(): Promise<OpenPartnerInvitationRow[]> {
  const sql = await getSql();
  return sql<OpenPartnerInvitationRow[]>`
    select i.id, i.email, a.email as invited_by_email, i.created_at, i.expires_at,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
                from invitation_trainers it join trainers t on t.id = it.trainer_id
                where it.invitation_id = i.id), '[]'::json) as trainers
    from admin_invitations i left join admin_users a on a.id = i.invited_by
    where i.role = 'partner' and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
    order by i.created_at desc, i.id`;
}

/** An open partner invitation, locked for the change; undefined when there is none with this id. */
export async function lockOpen(tx: Tx, id: string): Promise<{ id: string; email: string } | undefined> {
  const [row] = await tx<{ id: string; email: string }[]>`
    select i.id, i.email from admin_invitations i
    where i.id = ${id} and i.role = 'partner'
      and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
    for update`;
  return row;
}

/** A new link for the invitation: the old token's hash is replaced, so the old link stops working. */
export async function renew(tx: Tx, id: string, tokenHash: Buffer, lifetimeMs: number): Promise<{ expiresAt: Date }> {
  const [row] = await tx<{ expiresAt: Date }[]>`
    update admin_invitations
    set token_hash = ${tokenHash}, expires_at = now() + ${lifetimeMs}::float8 * interval '1 millisecond'
    where id = ${id} returning expires_at`;
  return row!;
}

export async function revoke(tx: Tx, id: string): Promise<void> {
  await tx`update admin_invitations set revoked_at = now() where id = ${id}`;
}
