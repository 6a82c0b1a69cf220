import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

/**
 * The reminders to confirm a training's details (db/migrations/00034_trust.sql): one per training
 * until it is confirmed again; its nonce is in the mail's signed link, which works once.
 */
export interface Reminder {
  trainingId: string;
  nonce: string;
  sentAt: Date;
  usedAt: Date | null;
}

/**
 * Claims the reminder of a training: true for exactly one caller, and only when no reminder was sent
 * since the training was last confirmed.
 */
export async function claim(trainingId: string, nonce: string, tx?: Tx): Promise<boolean> {
  const sql = tx ?? (await getSql());
  const rows = await sql`
    insert into listing_reminders as r (training_id, nonce) values (${trainingId}, ${nonce})
    on conflict (training_id) do update set nonce = excluded.nonce, sent_at = now(), used_at = null
      where r.sent_at < coalesce((select details_confirmed_at from trainings where id = ${trainingId}), '-infinity')
    returning training_id`;
  return rows.length === 1;
}

export async function lockByTraining(tx: Tx, trainingId: string): Promise<Reminder | undefined> {
  const [row] = await tx<Reminder[]>`select * from listing_reminders where training_id = ${trainingId} for update`;
  return row;
}

export async function markUsed(tx: Tx, trainingId: string): Promise<void> {
  await tx`update listing_reminders set used_at = now() where training_id = ${trainingId}`;
}

export async function findByTraining(trainingId: string): Promise<Reminder | undefined> {
  const sql = await getSql();
  const [row] = await sql<Reminder[]>`select * from listing_reminders where training_id = ${trainingId}`;
  return row;
}
