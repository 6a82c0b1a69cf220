import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import type { StoredTrainer } from '../../data/trainers';
import type { Tx } from '../../data/publishQueue';
import type { Training } from '../../domain/training';
import type { Offering } from '../../domain/consultation/offering';
import type { Actor } from '../../domain/actor';
import { isPartner } from '../../domain/team/roles';
import { NotFoundError, PreconditionRequiredError } from '../errors';
import {
  SubmissionConflictError,
  submissionEtag,
  submissionTitle,
  viewOf,
  type SubmissionView,
} from '../review/reviews';
import { commit, only, type Committed } from './commit';
import type { Effect } from './effects';
import { queueDecisionMail } from '../review/reviewMail';
import * as training from './training';
import * as trainer from './trainer';
import * as offering from './offering';

/**
 * The review queue's three decisions (docs/product.md, Review queue; ADR 0024, 0037). Each locks the
 * submission's record, then the submission (the one lock order of every listing save), checks the
 * version the reviewer read (If-Match, required to approve or reject) and that it is still pending, so
 * of two reviewers one wins and the other hears the new state. Approving applies the proposal through
 * its record kind's write module, in the same commit, with a save's effects; rejecting writes only
 * the decision, so it can never publish. The partner's mail is queued in the commit (ADR 0038).
 */

const notFound = () => new NotFoundError('Submission not found');

/** Raised inside a decision's transaction; answered outside it (reading the view there would wait on PGlite's one connection). */
class Lost extends Error {
  constructor(
    message: string,
    readonly submission: Submission,
  ) {
    super(message);
  }
}

interface Locked {
  s: Submission;
  /** The record's row as it is now (locked), or undefined when the record is gone. */
  live: Training | StoredTrainer | Offering | undefined;
}

async function lockPending(
  tx: Tx,
  id: string,
  ifMatch: string | null | undefined,
  rule: { versionRequired: boolean; allowed?: (s: Submission) => boolean },
): Promise<Locked> {
  const named = await submissions.recordOf(tx, id);
  if (!named) throw notFound();
  const live =
    named.kind === 'trainer_edit'
      ? await trainer.lockForDecision(tx, named.recordId)
      : named.kind.startsWith('offering_')
        ? await offering.lockForDecision(tx, named.recordId)
        : await training.lockForDecision(tx, named.recordId);
  const s = await submissions.lockById(tx, id);
  if (!s || !(rule.allowed ?? (() => true))(s)) throw notFound();
  const given = ifMatch?.trim() || undefined;
  if (given === undefined && rule.versionRequired)
    throw new PreconditionRequiredError('Send If-Match with the version you reviewed (its ETag)');
  const stale = given !== undefined && given !== '*' && given !== submissionEtag(s);
  if (s.status === 'pending' && !stale) return { s, live };
  throw new Lost(
    s.status === 'pending'
      ? 'This submission was changed since you read it'
      : `This submission was already ${s.status}`,
    s,
  );
}

/** One decision in one commit; a lost race answers the submission as it is now. */
async function decision(
  run: (tx: Tx) => Promise<Committed<{ decided: Submission; title: string }>>,
): Promise<SubmissionView> {
  try {
    const { decided, title } = await commit(run);
    return await viewOf(decided, new Date(), title);
  } catch (error) {
    if (!(error instanceof Lost)) throw error;
    const current = (await submissions.findById(error.submission.id)) ?? error.submission;
    throw new SubmissionConflictError(error.message, await viewOf(current));
  }
}

const decidedBy = (reviewer: Actor, status: 'approved' | 'rejected', reason: string | null = null) => ({
  status,
  reviewerId: reviewer.adminId,
  reviewerEmail: reviewer.email,
  reason,
});

/** What approving does to the record: applied through its kind's write module, in this commit. */
function applyApproved(tx: Tx, reviewer: Actor, { s, live }: Locked): Promise<Effect[]> {
  if (s.kind === 'trainer_edit') {
    if (!live) throw new NotFoundError('Trainer not found');
    return trainer.applyApproved(tx, reviewer, s, live as StoredTrainer);
  }
  if (s.kind === 'offering_create' || s.kind === 'offering_edit' || s.kind === 'offering_delete') {
    if (!live) throw new NotFoundError('Consultation offering not found');
    return offering.applyApproved(tx, reviewer, s, live as Offering);
  }
  if (!live) throw new NotFoundError('Training not found');
  return training.applyApproved(tx, reviewer, s, live as Training);
}

export function approveSubmission(reviewer: Actor, id: string, ifMatch?: string | null): Promise<SubmissionView> {
  return decision(async (tx) => {
    const locked = await lockPending(tx, id, ifMatch, { versionRequired: true });
    const title = submissionTitle(locked.s, locked.live);
    const effects = await applyApproved(tx, reviewer, locked);
    const decided = await submissions.decide(tx, id, decidedBy(reviewer, 'approved'));
    await queueDecisionMail(tx, decided, title);
    return only({ decided, title }, effects);
  });
}

export function rejectSubmission(
  reviewer: Actor,
  id: string,
  reason: string,
  ifMatch?: string | null,
): Promise<SubmissionView> {
  return decision(async (tx) => {
    const locked = await lockPending(tx, id, ifMatch, { versionRequired: true });
    const title = submissionTitle(locked.s, locked.live);
    // Only the decision is written: nothing of the proposal reaches the record, nothing is queued to publish.
    const decided = await submissions.decide(tx, id, decidedBy(reviewer, 'rejected', reason));
    await queueDecisionMail(tx, decided, title);
    return only({ decided, title });
  });
}

/** The partner who made the proposal's latest version takes it back; for anyone else it does not exist. */
export function withdrawSubmission(member: Actor, id: string, ifMatch?: string | null): Promise<SubmissionView> {
  const own = (s: Submission) => member.role !== undefined && isPartner(member.role) && s.partnerId === member.adminId;
  return decision(async (tx) => {
    const locked = await lockPending(tx, id, ifMatch, { versionRequired: false, allowed: own });
    const decided = await submissions.decide(tx, id, {
      status: 'withdrawn',
      reviewerId: null,
      reviewerEmail: null,
      reason: null,
    });
    return only({ decided, title: submissionTitle(locked.s, locked.live) });
  });
}
