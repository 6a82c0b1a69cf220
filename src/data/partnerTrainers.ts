import { getSql } from './db';
import type { Tx } from './publishQueue';

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
export async function partnerEmailsOfTrainer(trainerId: string): Promise<string[]> {
  const sql = await getSql();
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
