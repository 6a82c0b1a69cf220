import { getSql } from './database/db';

/** Mail log repository (db/migrations/00024_alerts.sql): what was sent or failed, with no address. */
export type MailKind = 'confirmation' | 'digest' | 'link-broken' | 'report-outcome' | 'details-reminder';

export interface MailLogEntry {
  id: string;
  kind: MailKind;
  alertId: string | null;
  status: 'sent' | 'failed';
  attempts: number;
  error: string | null;
  createdAt: Date;
}

export async function record(entry: {
  kind: MailKind;
  alertId: string | null;
  status: 'sent' | 'failed';
  attempts: number;
  error?: string | null;
}): Promise<void> {
  const sql = await getSql();
  await sql`insert into mail_log ${sql({ ...entry, error: entry.error ?? null })}`;
}

export async function countSentSince(since: Date): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from mail_log where status = 'sent' and created_at > ${since}`;
  return row!.n;
}

/** The failures after retries since `since`, newest first (the admin dashboard). */
export async function listFailedSince(since: Date, limit = 20): Promise<MailLogEntry[]> {
  const sql = await getSql();
  return sql<MailLogEntry[]>`
    select * from mail_log where status = 'failed' and created_at > ${since}
    order by created_at desc, id desc limit ${limit}`;
}

export async function prune(olderThanMs: number): Promise<void> {
  const sql = await getSql();
  await sql`delete from mail_log where created_at < now() - ${olderThanMs}::float8 * interval '1 millisecond'`;
}
