import type { ReportOutcome, ReportReason, ReportStatus } from '../../domain/trust/reports';
import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

/** The reports repository (db/migrations/00034_trust.sql): what visitors said was wrong with a listing. */
export interface ReportRow {
  id: string;
  trainingId: string;
  reason: ReportReason;
  details: string | null;
  reporterEmail: string | null;
  status: ReportStatus;
  note: string | null;
  createdAt: Date;
  closedAt: Date | null;
  closedBy: string | null;
  /** `queued` until the outbox's sender has sent it (or given up): read from its outbox row. */
  outcomeMail: 'sent' | 'failed' | 'held' | 'queued' | null;
  /** The training's last title once it was deleted (db/migrations/00045): the report outlives it. */
  listingTitle: string | null;
}

// How the outcome mail went: its outbox row says so while it exists (the prune keeps it on the report).
const OUTCOME_SQL = `case when r.outcome_mail = 'queued' and m.status is not null then m.status else r.outcome_mail end`;
const OUTBOX_JOIN_SQL = 'left join mail_outbox m on m.id = r.outcome_mail_id';

/** A report with the title of its training, for the team's lists. */
export interface ReportWithTitle extends ReportRow {
  title: string;
}

export async function insert(report: {
  trainingId: string;
  reason: ReportReason;
  details: string | null;
  reporterEmail: string | null;
}): Promise<ReportRow> {
  const sql = await getSql();
  const [row] = await sql<ReportRow[]>`insert into listing_reports ${sql(report)} returning *`;
  return row!;
}

/** The training a report is about, read without a lock (its row is locked before the report). */
export async function trainingOf(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await tx<{ trainingId: string }[]>`select training_id from listing_reports where id = ${id}`;
  return row?.trainingId;
}

export async function lockById(tx: Tx, id: string): Promise<ReportRow | undefined> {
  const [row] = await tx<ReportRow[]>`
    select r.*, ${tx.unsafe(OUTCOME_SQL)} as outcome_mail from listing_reports r ${tx.unsafe(OUTBOX_JOIN_SQL)}
    where r.id = ${id} for update of r`;
  return row;
}

/** Ends an open report (the caller has it locked); the reporter's email stays until its one mail went. */
export async function close(tx: Tx, id: string, outcome: ReportOutcome, note: string, by: string): Promise<ReportRow> {
  const [row] = await tx<ReportRow[]>`
    update listing_reports set status = ${outcome}, note = ${note}, closed_at = now(), closed_by = ${by}
    where id = ${id} and status = 'open' returning *`;
  return row!;
}

/** With the one mail to the reporter queued (or held): their address is gone for good. */
export async function forgetReporter(
  tx: Tx,
  id: string,
  outcome: { mail: 'held' | 'queued'; mailId: string | null },
): Promise<void> {
  await tx`update listing_reports set reporter_email = null, outcome_mail = ${outcome.mail},
    outcome_mail_id = ${outcome.mailId} where id = ${id}`;
}

/** Open reports, oldest first. */
export async function listOpen(): Promise<ReportWithTitle[]> {
  const sql = await getSql();
  return sql<ReportWithTitle[]>`
    select r.*, ${sql.unsafe(OUTCOME_SQL)} as outcome_mail, coalesce(t.title, r.listing_title, '') as title
    from listing_reports r left join trainings t on t.id = r.training_id ${sql.unsafe(OUTBOX_JOIN_SQL)}
    where r.status = 'open' order by r.created_at, r.id`;
}

/** The most recently ended reports, newest first. */
export async function listRecentlyClosed(limit = 20): Promise<ReportWithTitle[]> {
  const sql = await getSql();
  return sql<ReportWithTitle[]>`
    select r.*, ${sql.unsafe(OUTCOME_SQL)} as outcome_mail, coalesce(t.title, r.listing_title, '') as title
    from listing_reports r left join trainings t on t.id = r.training_id ${sql.unsafe(OUTBOX_JOIN_SQL)}
    where r.status <> 'open' order by r.closed_at desc, r.id limit ${limit}`;
}

/** Every report about one training, newest first. */
export async function listByTraining(trainingId: string): Promise<ReportRow[]> {
  const sql = await getSql();
  return sql<ReportRow[]>`
    select r.*, ${sql.unsafe(OUTCOME_SQL)} as outcome_mail from listing_reports r ${sql.unsafe(OUTBOX_JOIN_SQL)}
    where r.training_id = ${trainingId} order by r.created_at desc, r.id`;
}
