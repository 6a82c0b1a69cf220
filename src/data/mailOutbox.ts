import { getSql } from './database/db';
import type { Tx } from './publishQueue';
import { mailQueued } from './mailSignal';
import type { MailKind } from '../domain/alerts/mailKinds';

/**
 * The mail outbox repository (db/migrations/00070_mail_outbox.sql, docs/decisions/0038-mail-outbox.md):
 * each mail a row, written in the transaction of what caused it; the sender claims due rows, and
 * records how each ended. Ended rows keep no address and no content, only their kind and outcome.
 */
export type { MailKind };

export interface NewMail {
  kind: MailKind;
  alertId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
}

/** A claimed row, with what the sender needs to send it. */
export interface DueMail {
  id: string;
  kind: MailKind;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  headers: Record<string, string> | null;
  /** This attempt included. */
  attempts: number;
}

export interface EndedMail {
  id: string;
  kind: MailKind;
  alertId: string | null;
  status: 'sent' | 'failed';
  attempts: number;
  error: string | null;
  finishedAt: Date;
}

export async function insert(tx: Tx, mail: NewMail): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into mail_outbox ${tx({
      kind: mail.kind,
      alertId: mail.alertId ?? null,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      headers: mail.headers ? tx.json(mail.headers) : null,
    })} returning id`;
  mailQueued();
  return row!.id;
}

/**
 * Takes up to `limit` due rows (or only the rows `ids` names), skipping rows another sender has
 * locked, and moves each one's next attempt `leaseMs` ahead: until then no other sender takes it,
 * and a sender that died while sending leaves it to be tried again once the lease ends.
 */
export async function claimDue(limit: number, leaseMs: number, ids?: readonly string[]): Promise<DueMail[]> {
  const sql = await getSql();
  return sql<DueMail[]>`
    update mail_outbox m
    set attempts = m.attempts + 1,
        next_attempt_at = now() + ${leaseMs}::float8 * interval '1 millisecond'
    where m.id in (
      select id from mail_outbox
      where status = 'queued' and next_attempt_at <= now()
        ${ids ? sql`and id = any(${ids as string[]}::uuid[])` : sql``}
      order by next_attempt_at, created_at
      limit ${limit}
      for update skip locked
    )
    returning m.id, m.kind, m.recipient, m.subject, m.text_body, m.html_body, m.headers, m.attempts`;
}

/** Sent: the address and content are forgotten. */
export async function markSent(id: string): Promise<void> {
  const sql = await getSql();
  await sql`
    update mail_outbox set status = 'sent', finished_at = now(), error = null,
      recipient = null, subject = null, text_body = null, html_body = null, headers = null
    where id = ${id} and status = 'queued'`;
}

/** Not sent this time: tried again after `retryInMs`. */
export async function markRetry(id: string, retryInMs: number, error: string): Promise<void> {
  const sql = await getSql();
  await sql`
    update mail_outbox set error = ${error},
      next_attempt_at = now() + ${retryInMs}::float8 * interval '1 millisecond'
    where id = ${id} and status = 'queued'`;
}

/** Not sent after its last attempt: the masked reason stays, the address and content go. */
export async function markFailed(id: string, error: string): Promise<void> {
  const sql = await getSql();
  await sql`
    update mail_outbox set status = 'failed', finished_at = now(), error = ${error},
      recipient = null, subject = null, text_body = null, html_body = null, headers = null
    where id = ${id} and status = 'queued'`;
}

/** How each of these mails stands now. */
export async function statusOf(ids: readonly string[]): Promise<Map<string, 'queued' | 'sent' | 'failed'>> {
  if (ids.length === 0) return new Map();
  const sql = await getSql();
  const rows = await sql<{ id: string; status: 'queued' | 'sent' | 'failed' }[]>`
    select id, status from mail_outbox where id = any(${ids as string[]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r.status]));
}

export async function countSentSince(since: Date): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from mail_outbox where status = 'sent' and finished_at > ${since}`;
  return row!.n;
}

/** The mails not sent after their last attempt since `since`, newest first (the admin dashboard). */
export async function listFailedSince(since: Date, limit = 20): Promise<EndedMail[]> {
  const sql = await getSql();
  return sql<EndedMail[]>`
    select id, kind, alert_id, status, attempts, error, finished_at from mail_outbox
    where status = 'failed' and finished_at > ${since}
    order by finished_at desc, id desc limit ${limit}`;
}

/** Ended rows older than `olderThanMs` go; queued ones stay until they end. */
export async function prune(olderThanMs: number): Promise<void> {
  const sql = await getSql();
  // A report shows how its outcome mail went from the row; the row's end is kept on the report first.
  await sql`
    update listing_reports r set outcome_mail = m.status from mail_outbox m
    where r.outcome_mail_id = m.id and m.status <> 'queued'`;
  await sql`
    delete from mail_outbox where status <> 'queued'
      and finished_at < now() - ${olderThanMs}::float8 * interval '1 millisecond'`;
}
