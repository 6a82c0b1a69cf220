import type { SubmissionKind, SubmissionStatus } from '../domain/review/review';
import { parseProposal, type ProposalOf } from '../domain/review/proposals';
import { ADMIN_PAGE_SIZE, type ListPage } from '../domain/adminList';
import { getSql } from './database/db';
import type { Tx } from './publishQueue';

/**
 * The review queue's submissions (docs/product.md, Review queue): what a partner proposed, who
 * decided and why. A decision moves `version` forward, so a reviewer acting on an older read loses.
 * The proposal comes back typed by its record's schema (domain/review/proposals.ts).
 */
interface SubmissionFields {
  id: string;
  recordId: string;
  trainerId: string | null;
  /** Whoever made the proposal's latest version: they alone may withdraw it. */
  partnerId: string | null;
  partnerEmail: string;
  status: SubmissionStatus;
  reviewerId: string | null;
  reviewerEmail: string | null;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  version: number;
}

export type SubmissionOf<K extends SubmissionKind> = SubmissionFields & { kind: K; proposed: ProposalOf<K> };
export type Submission = { [K in SubmissionKind]: SubmissionOf<K> }[SubmissionKind];

type StoredRow = SubmissionFields & { kind: SubmissionKind; proposed: unknown };

function typed<R extends StoredRow>(row: R): Omit<R, 'kind' | 'proposed'> & Submission {
  return { ...row, proposed: parseProposal(row.kind, row.proposed) } as Omit<R, 'kind' | 'proposed'> & Submission;
}

/** A queue row: the submission with its trainer's name (the record's title is added by the service). */
export type QueuedSubmission = Submission & { trainerName: string | null };

type JsonValue = Parameters<Tx['json']>[0];
const asJson = (tx: Tx, value: object) => tx.json(JSON.parse(JSON.stringify(value)) as JsonValue);

/** What a partner proposes for one record: its kind and the proposal its schema typed. */
export type Proposal = Pick<Submission, 'kind' | 'proposed'>;

export async function insert(
  tx: Tx,
  row: Proposal & Pick<SubmissionFields, 'recordId' | 'trainerId' | 'partnerId' | 'partnerEmail'>,
): Promise<Submission> {
  const [created] = await tx<StoredRow[]>`
    insert into submissions (kind, record_id, trainer_id, proposed, partner_id, partner_email)
    values (${row.kind}, ${row.recordId}, ${row.trainerId}, ${asJson(tx, row.proposed)}, ${row.partnerId}, ${row.partnerEmail})
    returning *`;
  return typed(created!);
}

/** The pending submission of a record, locked (a record has at most one: a new edit replaces it). */
/**
 * The pending submission of a record, locked (a record has at most one: a new edit replaces it). The
 * one lock order: a write locks the record's row first, then this (docs/decisions/0037-one-write-path.md).
 */
export async function lockPendingOf(tx: Tx, recordId: string): Promise<Submission | undefined> {
  const [row] = await tx<StoredRow[]>`
    select * from submissions where record_id = ${recordId} and status = 'pending'
    order by created_at desc limit 1 for update`;
  return row && typed(row);
}

/**
 * A pending submission's proposal replaced by a newer one: the same place in the queue. The proposal
 * then belongs to whoever made this version (a trainer's other partner cannot withdraw it).
 */
export async function replaceProposal(
  tx: Tx,
  id: string,
  proposal: Proposal,
  partner: { adminId: string; email: string },
): Promise<Submission> {
  const [row] = await tx<StoredRow[]>`
    update submissions
    set kind = ${proposal.kind}, proposed = ${asJson(tx, proposal.proposed)},
      partner_id = ${partner.adminId}, partner_email = ${partner.email}, version = version + 1
    where id = ${id} returning *`;
  return typed(row!);
}

/** The submission, locked: only after its record's row (lockPendingOf says why). */
export async function lockById(tx: Tx, id: string): Promise<Submission | undefined> {
  const [row] = await tx<StoredRow[]>`select * from submissions where id = ${id} for update`;
  return row && typed(row);
}

/** The submission's record, read before a decision locks that record and then the submission. */
export async function recordOf(tx: Tx, id: string): Promise<Pick<Submission, 'kind' | 'recordId'> | undefined> {
  const [row] = await tx<Pick<Submission, 'kind' | 'recordId'>[]>`select kind, record_id from submissions where id = ${id}`;
  return row;
}

export async function findById(id: string): Promise<QueuedSubmission | undefined> {
  const sql = await getSql();
  const [row] = await sql<(StoredRow & { trainerName: string | null })[]>`
    select s.*, tr.name as trainer_name from submissions s left join trainers tr on tr.id = s.trainer_id
    where s.id = ${id}`;
  return row && typed(row);
}

/** The latest submission of each of these records (pending, or the last decision). */
export async function latestOf(recordIds: readonly string[]): Promise<Submission[]> {
  if (recordIds.length === 0) return [];
  const sql = await getSql();
  const rows = await sql<StoredRow[]>`
    select distinct on (record_id) * from submissions where record_id = any(${recordIds as string[]})
    order by record_id, created_at desc`;
  return rows.map(typed);
}

export async function decide(
  tx: Tx,
  id: string,
  decision: { status: Exclude<SubmissionStatus, 'pending'>; reviewerId: string | null; reviewerEmail: string | null; reason: string | null },
): Promise<Submission> {
  const [row] = await tx<StoredRow[]>`
    update submissions
    set status = ${decision.status}, reviewer_id = ${decision.reviewerId}, reviewer_email = ${decision.reviewerEmail},
      reason = ${decision.reason}, decided_at = now(), version = version + 1
    where id = ${id} returning *`;
  return typed(row!);
}

/** Pending submissions, oldest first, one admin page at a time. */
export async function listPending(page = 1): Promise<ListPage<QueuedSubmission>> {
  const sql = await getSql();
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from submissions where status = 'pending'`;
  const rows = await sql<(StoredRow & { trainerName: string | null })[]>`
    select s.*, tr.name as trainer_name from submissions s left join trainers tr on tr.id = s.trainer_id
    where s.status = 'pending' order by s.created_at, s.id
    limit ${ADMIN_PAGE_SIZE} offset ${(page - 1) * ADMIN_PAGE_SIZE}`;
  return { rows: rows.map(typed), total: counted!.n, page };
}

/** A partner's training not yet approved: kept off the public site by the database (migration 00037). */
export async function markUnreviewed(tx: Tx, trainingId: string): Promise<void> {
  await tx`insert into unreviewed_trainings (training_id) values (${trainingId}) on conflict do nothing`;
}

/** Approved (by a reviewer, or by a team member's own save): the training may be published. */
export async function markReviewed(tx: Tx, trainingId: string): Promise<boolean> {
  const rows = await tx`delete from unreviewed_trainings where training_id = ${trainingId} returning training_id`;
  return rows.length > 0;
}

export async function isUnreviewed(tx: Tx, trainingId: string): Promise<boolean> {
  const rows = await tx`select 1 from unreviewed_trainings where training_id = ${trainingId}`;
  return rows.length > 0;
}

/** Reviewers whose last "new submission" mail is an hour old or more; each is marked as mailed now. */
export async function claimReviewerMails(tx: Tx, memberIds: readonly string[], now: Date): Promise<string[]> {
  const claimed: string[] = [];
  for (const memberId of memberIds) {
    const rows = await tx`
      insert into review_mail_sent (member_id, sent_at) values (${memberId}, ${now})
      on conflict (member_id) do update set sent_at = excluded.sent_at
      where review_mail_sent.sent_at <= ${now}::timestamptz - interval '1 hour'
      returning member_id`;
    if (rows.length > 0) claimed.push(memberId);
  }
  return claimed;
}

/** Whether the owner marked this partner trusted (admin_users.trusted): their changes need no review. */
export async function isTrusted(memberId: string): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql<{ trusted: boolean }[]>`select trusted from admin_users where id = ${memberId}`;
  return row?.trusted ?? false;
}

/** Who reviews: the owner, admins and editors. */
export async function reviewers(tx?: Tx): Promise<{ id: string; email: string }[]> {
  const sql = tx ?? (await getSql());
  return sql<{ id: string; email: string }[]>`
    select id, email from admin_users where role in ('owner', 'admin', 'editor') order by lower(email)`;
}

/** A team member published a partner's new training themselves: its pending submission is decided by them. */
export async function approvePendingCreate(tx: Tx, recordId: string, reviewer: { adminId: string; email: string }): Promise<void> {
  await tx`
    update submissions
    set status = 'approved', reviewer_id = ${reviewer.adminId}, reviewer_email = ${reviewer.email},
      decided_at = now(), version = version + 1
    where record_id = ${recordId} and kind = 'training_create' and status = 'pending'`;
}

/** Which of these trainings are not yet approved (migration 00037), for their status in the lists. */
export async function unreviewedOf(trainingIds: readonly string[]): Promise<Set<string>> {
  if (trainingIds.length === 0) return new Set();
  const sql = await getSql();
  const rows = await sql<{ trainingId: string }[]>`
    select training_id from unreviewed_trainings where training_id = any(${trainingIds as string[]})`;
  return new Set(rows.map((r) => r.trainingId));
}
