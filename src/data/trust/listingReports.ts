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
  outcomeMail: 'sent' | 'failed' | null;
}

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

export async function lockById(tx: Tx, id: string): Promise<ReportRow | undefined> {
  const [row] = await tx<ReportRow[]>`select * from listing_reports where id = ${id} for update`;
  return row;
}

/** Ends an open report (the caller has it locked); the reporter's email stays until its one mail went. */
export async function close(tx: Tx, id: string, outcome: ReportOutcome, note: string, by: string): Promise<ReportRow> {
  const [row] = await tx<ReportRow[]>`
    update listing_reports set status = ${outcome}, note = ${note}, closed_at = now(), closed_by = ${by}
    where id = ${id} and status = 'open' returning *`;
  return row!;
}

/** After the one mail to the reporter: how it went, and their address is gone for good. */
export async function forgetReporter(id: string, mail: 'sent' | 'failed' | null): Promise<void> {
  const sql = await getSql();
  await sql`update listing_reports set reporter_email = null, outcome_mail = ${mail} where id = ${id}`;
}

/** Open reports, oldest first. */
export async function listOpen(): Promise<ReportWithTitle[]> {
  const sql = await getSql();
  return sql<ReportWithTitle[]>`
    select r.*, t.title from listing_reports r join trainings t on t.id = r.training_id
    where r.status = 'open' order by r.created_at, r.id`;
}

/** The most recently ended reports, newest first. */
export async function listRecentlyClosed(limit = 20): Promise<ReportWithTitle[]> {
  const sql = await getSql();
  return sql<ReportWithTitle[]>`
    select r.*, t.title from listing_reports r join trainings t on t.id = r.training_id
    where r.status <> 'open' order by r.closed_at desc, r.id limit ${limit}`;
}

/** Every report about one training, newest first. */
export async function listByTraining(trainingId: string): Promise<ReportRow[]> {
  const sql = await getSql();
  return sql<ReportRow[]>`
    select * from listing_reports where training_id = ${trainingId} order by created_at desc, id`;
}
