import * as trainers from '../../data/trainers';
import type { StoredTrainer } from '../../data/trainers';
import * as trainings from '../../data/trainings';
import * as history from '../../data/history';
import * as submissions from '../../data/submissions';
import type { SubmissionOf } from '../../data/submissions';
import type { Tx } from '../../data/publishQueue';
import type { TrainerInput } from '../../domain/trainers/trainer';
import type { Actor } from '../../domain/actor';
import { needsReview, planSave } from '../../domain/review/reviewSplit';
import { checkVersion, NotFoundError } from '../errors';
import { assertNewPhotoStored, photoKeyFor } from '../trainerPhotos';
import { afterSlugWrite, chosenSlug, retryingSlugConflicts } from '../trainerSlugs';
import { assertMayManageProfiles, assertTrainerInScope } from '../trainerScope';
import { commit, only, type Committed } from './commit';
import { rowWritten, type Effect } from './effects';
import { applied, changedBy, propose, withdraw, writingAs, type Saved } from './proposals';

/**
 * Where a trainer profile is saved: its one write module (docs/architecture.md, Where a listing is
 * saved), built as training.ts is. The team creates and deletes profiles; a partner's edit of their own
 * waits for review as a whole (its bio and photo too), and the review queue's Approve applies it here.
 * A new photo is checked before the commit; an old one no row holds is deleted after it.
 */
export type SavedTrainer = Saved<StoredTrainer>;

const notFound = () => new NotFoundError('Trainer not found');
const who = (actor: Actor) => changedBy(actor, 'trainer');

/** The fields of a trainer's form, in the shape the write path takes. */
const TRAINER_FIELDS = [
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
function formOf(row: StoredTrainer): TrainerInput {
  return { ...Object.fromEntries(TRAINER_FIELDS.map((field) => [field, row[field]])) } as TrainerInput;
}

export async function createTrainer(member: Actor, input: TrainerInput): Promise<StoredTrainer> {
  const writing = await writingAs(member);
  assertMayManageProfiles(writing.actor);
  await assertNewPhotoStored(input.photo);
  // Two creates of one name may ask for one slug: the second is made again (trainerSlugs.ts).
  return retryingSlugConflicts(() =>
    commit(async (tx) => {
      const slug = await chosenSlug(tx, input.slug, null);
      const row = await trainers.insert({ ...input, slug }, photoKeyFor(input.photo), tx);
      await afterSlugWrite(tx, row.id, null, row.slug);
      await history.record(tx, { ...who(writing.actor), entityId: row.id, action: 'create', before: null, after: row });
      return only(row, rowWritten({ trainerId: row.id }));
    }),
  );
}

export async function editTrainer(
  member: Actor,
  id: string,
  input: TrainerInput,
  ifMatch?: string | null,
): Promise<SavedTrainer> {
  const writing = await writingAs(member);
  assertTrainerInScope(writing.scope, id);
  // A new photo must still be stored (read before the commit: storage and the database's other connection).
  if (input.photo) {
    const current = await trainers.findById(id);
    if (!current) throw notFound();
    await assertNewPhotoStored(input.photo, current.photo);
  }
  return retryingSlugConflicts(() =>
    commit(async (tx) => {
      // The one lock order: the profile's row, then its pending submission.
      const live = await trainers.lockById(tx, id);
      if (!live) throw notFound();
      checkVersion('trainer', live.updatedAt, ifMatch);
      const pending = await submissions.lockPendingOf(tx, id);
      const slug = await chosenSlug(tx, input.slug, live);
      const wanted: TrainerInput = { ...input, slug };
      const plan = planSave({
        op: 'edit',
        writer: writing.writer,
        record: 'trainer',
        before: formOf(live),
        after: wanted,
        fields: TRAINER_FIELDS,
        awaitsFirstReview: false,
        hasProposal: pending !== undefined,
      });
      // The team's and a trusted partner's save writes the whole profile, changed or not.
      if (plan.outcome === 'apply' && !needsReview(writing.writer)) return write(tx, writing.actor, live, wanted);
      if (plan.outcome === 'propose') {
        const proposed = Object.fromEntries(plan.review.map((field) => [field, wanted[field as keyof TrainerInput]]));
        const proposal = { kind: 'trainer_edit', proposed } as const;
        const { submission, effects } = await propose(tx, writing, { id, trainerId: id }, proposal, pending, live.name);
        return only({ record: { ...live, ...proposed }, reviewStatus: 'pending', submission }, effects);
      }
      // Everything set back to what is live: nothing is left to review.
      if (plan.outcome === 'withdraw-proposal') await withdraw(tx, pending!);
      return only(applied(live));
    }),
  );
}

/**
 * The row written (its slug chosen and checked already), the old slug kept answering, its history
 * entry; the old photo released after the commit.
 */
async function write(
  tx: Tx,
  actor: Actor,
  live: StoredTrainer,
  input: TrainerInput,
  proposedBy: string | null = null,
): Promise<Committed<SavedTrainer>> {
  const after = (await trainers.update(live.id, input, photoKeyFor(input.photo, live), tx))!;
  await afterSlugWrite(tx, live.id, live.slug, after.slug);
  await history.record(tx, {
    ...who(actor),
    entityId: live.id,
    action: actionOf(live, input),
    before: live,
    after,
    proposedBy,
  });
  return only(applied(after), [
    ...rowWritten({ trainerId: live.id }),
    { kind: 'release-photo', before: live.photoKey, after: after.photoKey },
  ]);
}

/** A save that changes only the photo is recorded as a photo change. */
function actionOf(before: StoredTrainer, input: TrainerInput): 'photo' | 'update' {
  if (before.photo === input.photo) return 'update';
  const same = (Object.keys(input) as (keyof TrainerInput)[]).every(
    (key) =>
      key === 'photo' || (key === 'slug' && !input.slug) || JSON.stringify(input[key]) === JSON.stringify(before[key]),
  );
  return same ? 'photo' : 'update';
}

/** Also deletes the trainer's trainings (docs/product.md); its history entry keeps them with the trainer. */
export async function deleteTrainer(member: Actor, id: string, ifMatch?: string | null): Promise<StoredTrainer> {
  const writing = await writingAs(member);
  // Another's profile is 404 first, so a partner's 403 never tells that it exists.
  assertTrainerInScope(writing.scope, id);
  assertMayManageProfiles(writing.actor);
  return commit(async (tx) => {
    const before = await trainers.lockById(tx, id);
    if (!before) throw notFound();
    checkVersion('trainer', before.updatedAt, ifMatch);
    const ownTrainings = await trainings.lockByTrainer(tx, id);
    await trainers.remove(id, tx);
    const removed = { ...before, trainings: ownTrainings };
    await history.record(tx, { ...who(writing.actor), entityId: id, action: 'delete', before: removed, after: null });
    return only(before, [{ kind: 'publish' }, { kind: 'release-photo', before: before.photoKey, after: null }]);
  });
}

/**
 * A reviewer's approval of a profile edit, in the decision's transaction (decisions.ts): the profile's
 * row is locked already, and the submission after it. The proposal over the live profile, written as
 * the team's save, the history naming the partner. Its new photo was checked at submission; the
 * upload sweep kept it while it waited.
 */
export async function applyApproved(
  tx: Tx,
  reviewer: Actor,
  s: SubmissionOf<'trainer_edit'>,
  live: StoredTrainer,
): Promise<Effect[]> {
  const input: TrainerInput = { ...formOf(live), ...s.proposed };
  // Another profile may have taken a proposed address since: checked again now.
  const slug = await chosenSlug(tx, input.slug, live);
  return (await write(tx, reviewer, live, { ...input, slug }, s.partnerEmail)).effects;
}

/** The trainer row a decision locks first (the one lock order). */
export const lockForDecision = (tx: Tx, id: string) => trainers.lockById(tx, id);
