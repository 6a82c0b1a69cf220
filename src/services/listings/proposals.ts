import * as submissions from '../../data/submissions';
import type { Proposal, Submission } from '../../data/submissions';
import type { Tx } from '../../data/publishQueue';
import type { NewChange } from '../../data/history';
import type { EntityType } from '../../domain/history/history';
import { actorOf, type SourcedActor } from '../../domain/actor';
import type { Writer } from '../../domain/review/reviewSplit';
import type { ReviewStatus } from '../../domain/review/review';
import { isPartner } from '../../domain/team/roles';
import { scopeOfActor, type TrainerScope } from '../trainerScope';
import type { Effect } from './effects';
import { queueReviewerMails } from '../review/reviewMail';

/**
 * The part of a listing save every record kind shares (docs/architecture.md, Where a listing is saved):
 * who is saving, and the proposal a save leaves for review. A record kind's module copies the shape of
 * training.ts: read `writingAs` before the commit, lock the record's row, then its pending submission
 * (the one lock order), ask the review split (domain/review/reviewSplit.ts), write, return effects.
 */
export interface Writing {
  actor: SourcedActor;
  /** The trainers the member may reach (services/trainerScope.ts). */
  scope: TrainerScope;
  writer: Writer;
}

/** Who is saving, read before the save's transaction (PGlite has one connection). */
export async function writingAs(member: SourcedActor): Promise<Writing> {
  const actor: SourcedActor = {
    ...actorOf(member),
    ...(member.importedFrom ? { importedFrom: member.importedFrom } : {}),
  };
  const partner = actor.role !== undefined && isPartner(actor.role);
  const scope = await scopeOfActor(actor);
  const trusted = partner && (await submissions.isTrusted(actor.adminId));
  return { actor, scope, writer: { isPartner: partner, trusted } };
}

/** What a save answers: the record as its writer now sees it, applied or waiting for review. */
export interface Saved<R> {
  record: R;
  reviewStatus: ReviewStatus;
  submission: Submission | null;
}

export const applied = <R>(record: R): Saved<R> => ({ record, reviewStatus: 'approved', submission: null });

/** The history entry's "who" for a record kind. */
export const changedBy = (
  actor: SourcedActor,
  entityType: EntityType,
): Pick<NewChange, 'adminId' | 'adminEmail' | 'entityType' | 'importedFrom'> => ({
  adminId: actor.adminId,
  adminEmail: actor.email,
  entityType,
  importedFrom: actor.importedFrom ?? null,
});

/**
 * The proposal a save leaves for review: a new submission (its reviewers' mail queued in the commit)
 * or, when one is pending, that one replaced in its place in the queue. Either way the proposal now
 * belongs to this member: whoever made its latest version.
 */
export async function propose(
  tx: Tx,
  writing: Writing,
  record: { id: string; trainerId: string | null },
  proposal: Proposal,
  pending: Submission | undefined,
  what: string,
): Promise<{ submission: Submission; effects: Effect[] }> {
  if (pending)
    return { submission: await submissions.replaceProposal(tx, pending.id, proposal, writing.actor), effects: [] };
  const submission = await submissions.insert(tx, {
    ...proposal,
    recordId: record.id,
    trainerId: record.trainerId,
    partnerId: writing.actor.adminId,
    partnerEmail: writing.actor.email,
  });
  await queueReviewerMails(tx, submission, what);
  return { submission, effects: [] };
}

/** A pending proposal ended without a review: its writer set it all back, or its record went. */
export function withdraw(tx: Tx, pending: Submission): Promise<Submission> {
  return submissions.decide(tx, pending.id, {
    status: 'withdrawn',
    reviewerId: null,
    reviewerEmail: null,
    reason: null,
  });
}
