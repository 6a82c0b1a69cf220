import type { AdminSession } from '../../auth/sessions';
import * as trainings from '../../data/trainings';
import * as history from '../../data/history';
import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import { transaction } from '../../data/database/transaction';
import type { Tx } from '../../data/publishQueue';
import { isPartner } from '../../domain/team/roles';
import { needsReview, splitTrainingEdit, type ReviewStatus, type Writer } from '../../domain/review/review';
import type { Training, TrainingInput, TrainingPatch } from '../../domain/training';
import { withPosition } from '../trainingPosition';
import {
  createTraining,
  ensureDisclosed,
  ensureTrainerExists,
  merge,
  updateTraining,
  updateTrainingIn,
} from '../trainings';
import { checkVersion } from '../errors';
import { actorOf } from '../../domain/actor';
import { assertTrainingInScope, assertTrainingTrainerInScope, scopeOfActor } from '../trainerScope';
import { mailReviewers } from './reviewMail';

/**
 * A member's training writes with the review rule applied (docs/product.md, Review queue; ADR 0024).
 * The team and trusted partners write through services/trainings.ts as before. Another partner's new
 * training is stored unpublished and marked unreviewed (the database keeps it off the site); their
 * edit of a live training applies the urgent, narrowing fields at once (domain/review/review.ts) and keeps
 * the rest in a submission, leaving the live row as it is.
 */
export type Member = Pick<AdminSession, 'adminId' | 'email' | 'role'>;

export interface Written {
  training: Training;
  reviewStatus: ReviewStatus;
  submission: Submission | null;
}

export async function writerOf(member: Pick<Member, 'adminId' | 'role'>): Promise<Writer> {
  const partner = isPartner(member.role);
  return { isPartner: partner, trusted: partner && (await submissions.isTrusted(member.adminId)) };
}

/** The fields a training's form edits: everything of its input (not its id, versions or derived times). */
function inputOf(training: Training): Record<string, unknown> {
  const { id: _i, createdAt: _c, updatedAt: _u, revision: _r, detailsConfirmedAt: _d, ...input } = training;
  return input;
}

const pick = (record: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, record[field]]));

export async function createTrainingAs(member: Member, given: TrainingInput): Promise<Written> {
  if (!needsReview(await writerOf(member))) {
    return { training: await createTraining(actorOf(member), given), reviewStatus: 'approved', submission: null };
  }
  assertTrainingTrainerInScope(await scopeOfActor(actorOf(member)), given.trainerId);
  // Every check of a team member's save is made now, so the partner hears of it at submission.
  const input = await withPosition(given);
  ensureDisclosed(input);
  const { training, submission } = await transaction(async (tx) => {
    await ensureTrainerExists(tx, input.trainerId);
    // Stored unpublished, whatever isPublished says: the proposal keeps what the partner asked for.
    const row = await trainings.insert({ ...input, isPublished: false }, tx);
    await submissions.markUnreviewed(tx, row.id);
    const entry = { adminId: member.adminId, adminEmail: member.email, entityType: 'training' as const };
    await history.record(tx, { ...entry, entityId: row.id, action: 'create', before: null, after: row });
    const submission = await submissions.insert(tx, {
      kind: 'training_create',
      recordId: row.id,
      trainerId: input.trainerId,
      proposed: input,
      partnerId: member.adminId,
      partnerEmail: member.email,
    });
    return { training: row, submission };
  });
  void mailReviewers(submission, input.title);
  return { training: { ...training, isPublished: input.isPublished }, reviewStatus: 'pending', submission };
}

/** A pending proposal is the version the partner edits further; a new edit replaces it. */
export async function propose(
  tx: Tx,
  member: Member,
  record: { id: string; trainerId: string },
  kind: Submission['kind'],
  proposed: Record<string, unknown>,
  pending: Submission | undefined,
): Promise<{ submission: Submission; isNew: boolean }> {
  if (pending)
    return { submission: await submissions.replaceProposal(tx, pending.id, proposed, member.email), isNew: false };
  const submission = await submissions.insert(tx, {
    kind,
    recordId: record.id,
    trainerId: record.trainerId,
    proposed,
    partnerId: member.adminId,
    partnerEmail: member.email,
  });
  return { submission, isNew: true };
}

export async function updateTrainingAs(
  member: Member,
  id: string,
  patch: TrainingPatch,
  ifMatch?: string | null,
): Promise<Written> {
  const writer = await writerOf(member);
  if (!needsReview(writer)) {
    return {
      training: await updateTraining(actorOf(member), id, patch, ifMatch),
      reviewStatus: 'approved',
      submission: null,
    };
  }
  const scope = await scopeOfActor(actorOf(member));
  const result = await transaction(async (tx) => {
    const live = await trainings.lockById(tx, id);
    assertTrainingInScope(scope, live);
    checkVersion('training', live.updatedAt, ifMatch);
    const pending = await submissions.lockPendingOf(tx, id);
    // The partner edits the version they see: the live row with their pending proposal over it.
    const seen = { ...live, ...(pending ? revive(pending.proposed) : {}) };
    const input = await withPosition(merge(seen, patch));
    ensureDisclosed(input);
    if (input.trainerId !== live.trainerId) {
      assertTrainingTrainerInScope(scope, input.trainerId);
      await ensureTrainerExists(tx, input.trainerId);
    }
    const proposedAll = input as unknown as Record<string, unknown>;

    if (await submissions.isUnreviewed(tx, id)) {
      // Not yet approved: the row stays private and holds the latest proposal; the submission the whole of it.
      const after = (await trainings.update(id, { ...input, isPublished: false }, tx))!;
      const entry = { adminId: member.adminId, adminEmail: member.email, entityType: 'training' as const };
      await history.record(tx, { ...entry, entityId: id, action: 'update', before: live, after });
      const { submission, isNew } = await propose(tx, member, live, 'training_create', proposedAll, pending);
      return { training: { ...after, isPublished: input.isPublished }, submission, isNew };
    }

    const fields = Object.keys(proposedAll);
    const { now, review } = splitTrainingEdit(writer, inputOf(live), proposedAll, fields);
    const applied =
      now.length > 0
        ? await updateTrainingIn(tx, actorOf(member), id, pick(proposedAll, now), undefined, { scope })
        : live;
    if (review.length === 0) {
      // The partner set every reviewed field back to what is live: nothing is left to review.
      if (pending)
        await submissions.decide(tx, pending.id, {
          status: 'withdrawn',
          reviewerId: null,
          reviewerEmail: null,
          reason: null,
        });
      return { training: applied, submission: null, isNew: false };
    }
    const { submission, isNew } = await propose(tx, member, live, 'training_edit', pick(proposedAll, review), pending);
    return { training: { ...applied, ...pick(proposedAll, review) }, submission, isNew };
  });
  if (result.submission && result.isNew) void mailReviewers(result.submission, result.training.title);
  return result.submission
    ? { training: result.training, reviewStatus: 'pending', submission: result.submission }
    : { training: result.training, reviewStatus: 'approved', submission: null };
}

/** Stored proposals are JSON: their dates come back as ISO strings, which the schemas accept as given. */
function revive(proposed: Record<string, unknown>): Record<string, unknown> {
  const dates = ['startDate', 'endDate'];
  return Object.fromEntries(
    Object.entries(proposed).map(([k, v]) => [k, dates.includes(k) && typeof v === 'string' ? new Date(v) : v]),
  );
}

/** What a partner's own list and form show: their pending or last rejected version over the live row. */
export interface ReviewState {
  reviewStatus: ReviewStatus | 'rejected';
  pendingSince?: Date;
  submissionId?: string;
  rejectedReason?: string;
}

export async function withReviewState<T extends { id: string; updatedAt: Date | string }>(
  rows: readonly T[],
): Promise<(T & ReviewState)[]> {
  const latest = new Map((await submissions.latestOf(rows.map((r) => r.id))).map((s) => [s.recordId, s]));
  return rows.map((row) => {
    const s = latest.get(row.id);
    if (s?.status === 'pending')
      return { ...row, ...revive(s.proposed), reviewStatus: 'pending', pendingSince: s.createdAt, submissionId: s.id };
    // A rejected proposal stays to be fixed until the partner saves the training again.
    if (s?.status === 'rejected' && s.decidedAt && s.decidedAt.getTime() >= new Date(row.updatedAt).getTime())
      return {
        ...row,
        ...revive(s.proposed),
        reviewStatus: 'rejected',
        submissionId: s.id,
        rejectedReason: s.reason ?? '',
      };
    return { ...row, reviewStatus: 'approved' };
  });
}
