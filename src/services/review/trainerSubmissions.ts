import * as trainers from '../../data/trainers';
import type { StoredTrainer } from '../../data/trainers';
import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import { transaction } from '../../data/database/transaction';
import { needsReview, splitTrainerEdit, type ReviewStatus } from '../../domain/review/review';
import type { TrainerInput } from '../../domain/trainers/trainer';
import { checkVersion, NotFoundError } from '../errors';
import { actorOf } from '../../domain/actor';
import { updateTrainer } from '../trainers';
import { assertNewPhotoStored } from '../trainerPhotos';
import { chosenSlug } from '../trainerSlugs';
import { assertTrainerInScope, scopeOfActor } from '../trainerScope';
import { propose, writerOf, type Member } from './submissions';
import { mailReviewers } from './reviewMail';

/**
 * A member's trainer profile edit with the review rule applied (docs/product.md, Review queue; ADR
 * 0024). The team and trusted partners write through services/trainers.ts as before. Another
 * partner's changed fields (the bio and the photo too) all wait in a 'trainer_edit' submission; the
 * live row, and so the public page and its photo, stay as they are until a reviewer approves.
 */
export interface WrittenTrainer {
  trainer: StoredTrainer;
  reviewStatus: ReviewStatus;
  submission: Submission | null;
}

/** The fields of a trainer's form, in the shape the write path takes. */
export const TRAINER_FIELDS = [
  'name',
  'slug',
  'bio',
  'credentials',
  'photo',
  'website',
  'thinkificAffiliateUrl',
  'statesServed',
] as const satisfies readonly (keyof TrainerInput)[];

/** The live row as the form's input: what a proposal is compared with, and merged over on approval. */
export function trainerInputOf(row: StoredTrainer): TrainerInput {
  return Object.fromEntries(TRAINER_FIELDS.map((field) => [field, row[field]])) as unknown as TrainerInput;
}

const notFound = () => new NotFoundError('Trainer not found');

export async function updateTrainerAs(
  member: Member,
  id: string,
  input: TrainerInput,
  ifMatch?: string | null,
): Promise<WrittenTrainer> {
  const writer = await writerOf(member);
  if (!needsReview(writer)) {
    return {
      trainer: await updateTrainer(actorOf(member), id, input, ifMatch),
      reviewStatus: 'approved',
      submission: null,
    };
  }
  assertTrainerInScope(await scopeOfActor(actorOf(member)), id);
  // Every check of a team member's save is made now, so the partner hears of it at submission.
  const current = await trainers.findById(id);
  if (!current) throw notFound();
  await assertNewPhotoStored(input.photo, current.photo);
  const result = await transaction(async (tx) => {
    const live = await trainers.lockById(tx, id);
    if (!live) throw notFound();
    checkVersion('trainer', live.updatedAt, ifMatch);
    const pending = await submissions.lockPendingOf(tx, id);
    const slug = await chosenSlug(tx, input.slug, live);
    const proposedAll = { ...input, slug } as unknown as Record<string, unknown>;
    const before = trainerInputOf(live) as unknown as Record<string, unknown>;
    const { review } = splitTrainerEdit(writer, before, proposedAll, TRAINER_FIELDS);
    if (review.length === 0) {
      // Everything set back to what is live: nothing is left to review.
      if (pending)
        await submissions.decide(tx, pending.id, {
          status: 'withdrawn',
          reviewerId: null,
          reviewerEmail: null,
          reason: null,
        });
      return { trainer: live, submission: null, isNew: false };
    }
    const proposed = Object.fromEntries(review.map((field) => [field, proposedAll[field]]));
    const { submission, isNew } = await propose(tx, member, { id, trainerId: id }, 'trainer_edit', proposed, pending);
    return { trainer: { ...live, ...proposed }, submission, isNew };
  });
  if (result.submission && result.isNew) void mailReviewers(result.submission, result.trainer.name);
  return result.submission
    ? { trainer: result.trainer, reviewStatus: 'pending', submission: result.submission }
    : { trainer: result.trainer, reviewStatus: 'approved', submission: null };
}
