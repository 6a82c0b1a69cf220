import { getSql } from './database/db';
import type { Tx } from './publishQueue';
import type { PartnerAccount } from '../domain/team/partners';

/**
 * Which trainer profiles each partner account keeps (docs/product.md, Partners). A partner may keep
 * several profiles and a profile may have several partners; removing either removes the link.
 */

export async function trainerIdsOf(memberId: string): Promise<string[]> {
  const sql = await getSql();
  // `transform: postgres.camel` answers the column as trainerId.
  const rows = await sql<{ trainerId: string }[]>`
    select trainer_id from partner_trainers where member_id = ${memberId} order by linked_at, trainer_id`;
  return rows.map((r) => r.trainerId);
}

/** The emails of the partners who keep a trainer profile. */
export async function partnerEmailsOfTrainer(trainerId: string, tx?: Tx): Promise<string[]> {
  const sql = tx ?? (await getSql());
  const rows = await sql<{ email: string }[]>`
    select a.email from partner_trainers p join admin_users a on a.id = p.member_id
    where p.trainer_id = ${trainerId} and a.role = 'partner' order by lower(a.email)`;
  return rows.map((r) => r.email);
}

/** The emails of the partners who keep a training (through its trainer's profile). */
export async function partnerEmailsOfTraining(trainingId: string): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ email: string }[]>`
    select a.email from trainings t
    join partner_trainers p on p.trainer_id = t.trainer_id
    join admin_users a on a.id = p.member_id
    where t.id = ${trainingId} and a.role = 'partner' order by lower(a.email)`;
  return rows.map((r) => r.email);
}

export async function link(tx: Tx, memberId: string, trainerIds: readonly string[]): Promise<void> {
  for (const trainerId of trainerIds)
    await tx`insert into partner_trainers (member_id, trainer_id) values (${memberId}, ${trainerId})
      on conflict do nothing`;
}

export async function unlink(tx: Tx, memberId: string, trainerIds: readonly string[]): Promise<void> {
  if (trainerIds.length === 0) return;
  await tx`delete from partner_trainers where member_id = ${memberId} and trainer_id = any(${trainerIds as string[]})`;
}

/** Every partner account with the profiles it keeps (optionally only those keeping one trainer). */
export async function listPartners(trainerId: string | null = null): Promise<PartnerAccount[]> {
  const sql = await getSql();
  return sql<PartnerAccount[]>`
    select a.id, a.email, a.trusted, a.last_sign_in_at,
           coalesce(array(select p.trainer_id::text from partner_trainers p where p.member_id = a.id
                          order by p.linked_at, p.trainer_id), '{}') as trainer_ids
    from admin_users a
    where a.role = 'partner'
      and (${trainerId === null}::boolean
           or exists (select 1 from partner_trainers p where p.member_id = a.id and p.trainer_id = ${trainerId}::uuid))
    order by lower(a.email)`;
}

/** A partner account read in a change's transaction, locked until it commits; undefined for anyone else. */
export async function findPartnerForUpdate(tx: Tx, id: string): Promise<{ id: string; email: string; trusted: boolean } | undefined> {
  const [row] = await tx<{ id: string; email: string; trusted: boolean }[]>`
    select id, email, trusted from admin_users where id = ${id} and role = 'partner' for update`;
  return row;
}

/** The trainer ids of this list that exist. */
export async function existingTrainerIds(tx: Tx, trainerIds: readonly string[]): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`select id from trainers where id = any(${trainerIds as string[]}::uuid[])`;
  return rows.map((r) => r.id);
}

/** The profiles a partner keeps, read in a transaction. */
export async function trainerIdsIn(tx: Tx, memberId: string): Promise<string[]> {
  const rows = await tx<{ trainerId: string }[]>`select trainer_id from partner_trainers where member_id = ${memberId}`;
  return rows.map((r) => r.trainerId);
}

export async function setTrusted(tx: Tx, id: string, trusted: boolean): Promise<void> {
  await tx`update admin_users set trusted = ${trusted} where id = ${id} and role = 'partner'`;
}

/** Ends every session of a member (their profiles or their account are gone). */
export async function endSessions(tx: Tx, memberId: string): Promise<void> {
  await tx`delete from admin_sessions where admin_id = ${memberId}`;
}

/** The profiles an invitation links when it is accepted. */
export async function linkInvitation(tx: Tx, invitationId: string, trainerIds: readonly string[]): Promise<void> {
  for (const trainerId of trainerIds)
    await tx`insert into invitation_trainers (invitation_id, trainer_id) values (${invitationId}, ${trainerId})
      on conflict do nothing`;
}

/** An accepted invitation's profiles, linked to the new partner. */
export async function linkFromInvitation(tx: Tx, memberId: string, invitationId: string): Promise<void> {
  await tx`insert into partner_trainers (member_id, trainer_id)
    select ${memberId}, trainer_id from invitation_trainers where invitation_id = ${invitationId}
    on conflict do nothing`;
}
