import * as trainers from '../data/trainers';
import type { StoredTrainer } from '../data/trainers';
import * as trainings from '../data/trainings';
import * as history from '../data/history';
import { transaction } from '../data/transaction';
import type { TrainerInput } from '../domain/trainer';
import { checkVersion, NotFoundError, type Actor } from './errors';
import { assertNewPhotoStored, photoKeyFor, releasePhotoKey } from './trainerPhotos';
import { afterSlugWrite, chosenSlug, retryingSlugConflicts } from './trainerSlugs';

/**
 * Trainer use cases: each one checks the photo and the version, writes the change with its history
 * entry and publish request in one transaction, and deletes a photo no longer held after the commit.
 */

const notFound = () => new NotFoundError('Trainer not found');
const who = (actor: Actor) => ({ adminId: actor.adminId, adminEmail: actor.email, entityType: 'trainer' as const });

export async function createTrainer(actor: Actor, input: TrainerInput): Promise<StoredTrainer> {
  await assertNewPhotoStored(input.photo);
  return retryingSlugConflicts(() =>
    transaction(async (tx) => {
      const slug = await chosenSlug(tx, input.slug, null);
      const row = await trainers.insert({ ...input, slug }, photoKeyFor(input.photo), tx);
      await afterSlugWrite(tx, row.id, null, row.slug);
      await history.record(tx, { ...who(actor), entityId: row.id, action: 'create', before: null, after: row });
      return row;
    }),
  );
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

export async function updateTrainer(
  actor: Actor,
  id: string,
  input: TrainerInput,
  ifMatch?: string | null,
): Promise<StoredTrainer> {
  // Only a photo needs the stored row first: is it new, and if so, is its upload still there?
  if (input.photo) {
    const current = await trainers.findById(id);
    if (!current) throw notFound();
    await assertNewPhotoStored(input.photo, current.photo);
  }
  const { before, after } = await retryingSlugConflicts(() =>
    transaction(async (tx) => {
      const before = await trainers.lockById(tx, id);
      if (!before) throw notFound();
      checkVersion('trainer', before.updatedAt, ifMatch);
      const slug = await chosenSlug(tx, input.slug, before);
      const after = (await trainers.update(id, { ...input, slug }, photoKeyFor(input.photo, before), tx))!;
      await afterSlugWrite(tx, id, before.slug, after.slug);
      await history.record(tx, { ...who(actor), entityId: id, action: actionOf(before, input), before, after });
      return { before, after };
    }),
  );
  await releasePhotoKey(before.photoKey, after.photoKey);
  return after;
}

/** Also deletes the trainer's trainings (docs/product.md); its history entry keeps them with the trainer. */
export async function deleteTrainer(actor: Actor, id: string, ifMatch?: string | null): Promise<StoredTrainer> {
  const before = await transaction(async (tx) => {
    const before = await trainers.lockById(tx, id);
    if (!before) throw notFound();
    checkVersion('trainer', before.updatedAt, ifMatch);
    const ownTrainings = await trainings.lockByTrainer(tx, id);
    await trainers.remove(id, tx);
    await history.record(tx, {
      ...who(actor),
      entityId: id,
      action: 'delete',
      before: { ...before, trainings: ownTrainings },
      after: null,
    });
    return before;
  });
  await releasePhotoKey(before.photoKey, null);
  return before;
}
