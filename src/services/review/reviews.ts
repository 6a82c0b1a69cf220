import * as trainings from '../../data/trainings';
import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import { transaction } from '../../data/database/transaction';
import type { Tx } from '../../data/publishQueue';
import { fieldChanges, type FieldChange } from '../../domain/review/review';
import type { ListPage } from '../../domain/adminList';
import { isPartner } from '../../domain/team/roles';
import { ConflictError, NotFoundError } from '../errors';
import type { Actor } from '../../domain/actor';
import { updateTrainingIn } from '../trainings';
import * as trainers from '../../data/trainers';
import type { TrainerInput } from '../../domain/trainers/trainer';
import { updateTrainerIn } from '../trainers';
import { releasePhotoKey } from '../trainerPhotos';
import { trainerInputOf } from './trainerSubmissions';
import { mailDecision } from './reviewMail';
import type { Member } from './submissions';

/**
 * The review queue (docs/product.md, Review queue; ADR 0024): the pending submissions for the team,
 * and the three decisions. Each decision locks the submission, checks its version (If-Match) and
 * that it is still pending, so of two reviewers one wins and the other hears the new state.
 * Approving applies the proposal through the training's one write path; rejecting writes nothing
 * but the decision, so it can never publish.
 */

/** A submission's version as an entity tag, for If-Match. */
export const submissionEtag = (s: Pick<Submission, 'version'>) => `"s${s.version}"`;

export interface SubmissionView {
  id: string;
  kind: Submission['kind'];
  recordId: string;
  trainerId: string | null;
  trainerName: string | null;
  title: string;
  partnerEmail: string;
  status: Submission['status'];
  reviewerEmail: string | null;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  ageSeconds: number;
  version: number;
  etag: string;
}

/** Decided already, or changed since the caller read it: 409 with the submission as it is now. */
export class SubmissionConflictError extends ConflictError {
  constructor(
    message: string,
    readonly current: SubmissionView,
  ) {
    super(message);
  }
}

const notFound = () => new NotFoundError('Submission not found');

async function viewOf(s: Submission & { trainerName?: string | null }, now = new Date()): Promise<SubmissionView> {
  // A trainer edit is named by the trainer (its proposed name first), a training by its title.
  const live = s.kind === 'trainer_edit' ? undefined : await trainings.findById(s.recordId);
  const trainer = s.kind === 'trainer_edit' ? await trainers.findById(s.recordId) : undefined;
  const proposedTitle =
    s.kind === 'trainer_edit'
      ? typeof s.proposed.name === 'string'
        ? s.proposed.name
        : (trainer?.name ?? null)
      : typeof s.proposed.title === 'string'
        ? s.proposed.title
        : null;
  return {
    id: s.id,
    kind: s.kind,
    recordId: s.recordId,
    trainerId: s.trainerId,
    trainerName: s.trainerName ?? trainer?.name ?? null,
    title: proposedTitle ?? live?.title ?? '',
    partnerEmail: s.partnerEmail,
    status: s.status,
    reviewerEmail: s.reviewerEmail,
    reason: s.reason,
    createdAt: s.createdAt,
    decidedAt: s.decidedAt,
    ageSeconds: Math.max(0, Math.floor((now.getTime() - s.createdAt.getTime()) / 1000)),
    version: s.version,
    etag: submissionEtag(s),
  };
}

export async function listQueue(page = 1): Promise<ListPage<SubmissionView>> {
  const found = await submissions.listPending(page);
  const now = new Date();
  return { ...found, rows: await Promise.all(found.rows.map((s) => viewOf(s, now))) };
}

/** One submission with what it would change, field by field (a new training: every field, before empty). */
export async function reviewDetail(id: string): Promise<SubmissionView & { changes: FieldChange[] }> {
  const s = await submissions.findById(id);
  if (!s) throw notFound();
  const live =
    s.kind === 'training_create'
      ? null
      : s.kind === 'trainer_edit'
        ? await trainers.findById(s.recordId)
        : await trainings.findById(s.recordId);
  const before = live ? (JSON.parse(JSON.stringify(live)) as Record<string, unknown>) : null;
  return { ...(await viewOf(s)), changes: fieldChanges(before, s.proposed) };
}

/** Raised inside a decision's transaction; answered outside it (reading the view there would wait on PGlite's one connection). */
class Lost extends Error {
  constructor(
    message: string,
    readonly submission: Submission,
  ) {
    super(message);
  }
}

async function lockPending(
  tx: Tx,
  id: string,
  ifMatch: string | null | undefined,
  allowed: (s: Submission) => boolean = () => true,
): Promise<Submission> {
  const s = await submissions.lockById(tx, id);
  if (!s || !allowed(s)) throw notFound();
  const given = ifMatch?.trim();
  const stale = given !== undefined && given !== '*' && given !== submissionEtag(s);
  if (s.status === 'pending' && !stale) return s;
  throw new Lost(
    s.status === 'pending'
      ? 'This submission was changed since you read it'
      : `This submission was already ${s.status}`,
    s,
  );
}

/** One decision in one transaction; a lost race answers the submission as it is now. */
async function decision(run: (tx: Tx) => Promise<Submission>): Promise<Submission> {
  try {
    return await transaction(run);
  } catch (error) {
    if (!(error instanceof Lost)) throw error;
    const current = (await submissions.findById(error.submission.id)) ?? error.submission;
    throw new SubmissionConflictError(error.message, await viewOf(current));
  }
}

export async function approveSubmission(reviewer: Actor, id: string, ifMatch?: string | null): Promise<SubmissionView> {
  // A trainer's photo replaced by the approval: deleted once the decision is committed.
  let photos: { before: string | null; after: string | null } | null = null;
  const decided = await decision(async (tx) => {
    const s = await lockPending(tx, id, ifMatch);
    if (s.kind === 'trainer_edit') {
      // The proposal over the live profile, through the trainer's one write path (its publish request
      // and history). Its new photo was checked at submission; the upload sweep keeps it while pending.
      const live = await trainers.lockById(tx, s.recordId);
      if (!live) throw notFound();
      const input = { ...trainerInputOf(live), ...s.proposed } as TrainerInput;
      const { before, after } = await updateTrainerIn(tx, reviewer, s.recordId, input, null, s.partnerEmail);
      photos = { before: before.photoKey, after: after.photoKey };
      return submissions.decide(tx, id, {
        status: 'approved',
        reviewerId: reviewer.adminId,
        reviewerEmail: reviewer.email,
        reason: null,
      });
    }
    // A new training may now be published: the database refuses it while it is marked unreviewed.
    if (s.kind === 'training_create') await submissions.markReviewed(tx, s.recordId);
    await updateTrainingIn(tx, reviewer, s.recordId, s.proposed, null, {
      scope: 'all',
      proposedBy: s.partnerEmail,
    });
    return submissions.decide(tx, id, {
      status: 'approved',
      reviewerId: reviewer.adminId,
      reviewerEmail: reviewer.email,
      reason: null,
    });
  });
  const released = photos as { before: string | null; after: string | null } | null;
  if (released) await releasePhotoKey(released.before, released.after);
  const view = await viewOf(decided);
  void mailDecision(decided, view.title);
  return view;
}

export async function rejectSubmission(
  reviewer: Actor,
  id: string,
  reason: string,
  ifMatch?: string | null,
): Promise<SubmissionView> {
  const decided = await decision(async (tx) => {
    await lockPending(tx, id, ifMatch);
    // Only the decision is written: nothing of the proposal reaches the record, nothing is queued to publish.
    return submissions.decide(tx, id, {
      status: 'rejected',
      reviewerId: reviewer.adminId,
      reviewerEmail: reviewer.email,
      reason,
    });
  });
  const view = await viewOf(decided);
  void mailDecision(decided, view.title);
  return view;
}

/** The partner who submitted it takes it back; anyone else is told it does not exist. */
export async function withdrawSubmission(member: Member, id: string, ifMatch?: string | null): Promise<SubmissionView> {
  const decided = await decision(async (tx) => {
    await lockPending(tx, id, ifMatch, (s) => isPartner(member.role) && s.partnerId === member.adminId);
    return submissions.decide(tx, id, { status: 'withdrawn', reviewerId: null, reviewerEmail: null, reason: null });
  });
  return viewOf(decided);
}
