import * as trainers from '../data/trainers';
import type { StoredTrainer } from '../data/trainers';
import * as trainings from '../data/trainings';
import * as history from '../data/history';
import { transaction } from '../data/database/transaction';
import type { Tx } from '../data/publishQueue';
import type { TrainerInput } from '../domain/trainers/trainer';
import { checkVersion, NotFoundError } from './errors';
import type { Actor } from '../domain/actor';
import { assertNewPhotoStored, photoKeyFor, releasePhotoKey } from './trainerPhotos';
import { afterSlugWrite, chosenSlug, retryingSlugConflicts } from './trainerSlugs';
import { assertMayManageProfiles, assertTrainerInScope, listFilterOf, scopeOfActor } from './trainerScope';
import type { TrainerListQuery, ListPage } from '../domain/adminList';
import type { Trainer } from '../domain/trainers/trainer';

/**
 * Trainer use cases: each one checks the photo and the version, writes the change with its history
 * entry and publish request in one transaction, and deletes a photo no longer held after the commit.
 * A partner reaches only their own profiles (trainerScope.ts): another's id is 404.
 */

const notFound = () => new NotFoundError('Trainer not found');
const who = (actor: Actor) => ({ adminId: actor.adminId, adminEmail: actor.email, entityType: 'trainer' as const });

/** The admin list: every trainer for the team, a partner's own profiles for a partner. */
export async function listTrainers(actor: Actor): Promise<Trainer[]> {
  return trainers.listAll(listFilterOf(await scopeOfActor(actor)));
}

/** One page of the admin table, within the actor's scope as listTrainers. */
export async function trainerPage(actor: Actor, query: TrainerListQuery): Promise<ListPage<Trainer>> {
  return trainers.listPage(query, listFilterOf(await scopeOfActor(actor)));
}

export async function createTrainer(actor: Actor, input: TrainerInput): Promise<StoredTrainer> {
  assertMayManageProfiles(actor);
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
  assertTrainerInScope(await scopeOfActor(actor), id);
  // Only a photo needs the stored row first: is it new, and if so, is its upload still there?
  if (input.photo) {
    const current = await trainers.findById(id);
    if (!current) throw notFound();
    await assertNewPhotoStored(input.photo, current.photo);
  }
  const { before, after } = await retryingSlugConflicts(() =>
    transaction((tx) => updateTrainerIn(tx, actor, id, input, ifMatch)),
  );
  await releasePhotoKey(before.photoKey, after.photoKey);
  return after;
}

/**
 * The one write path of a trainer edit, in the caller's transaction (scope and a new photo checked
 * before it). A reviewer's approval (services/review/reviews.ts) applies a partner's proposal through it,
 * naming the partner as `proposedBy`. The caller releases the old photo after the commit.
 */
export async function updateTrainerIn(
  tx: Tx,
  actor: Actor,
  id: string,
  input: TrainerInput,
  ifMatch: string | null | undefined,
  proposedBy: string | null = null,
): Promise<{ before: StoredTrainer; after: StoredTrainer }> {
  const before = await trainers.lockById(tx, id);
  if (!before) throw notFound();
  checkVersion('trainer', before.updatedAt, ifMatch);
  const slug = await chosenSlug(tx, input.slug, before);
  const after = (await trainers.update(id, { ...input, slug }, photoKeyFor(input.photo, before), tx))!;
  await afterSlugWrite(tx, id, before.slug, after.slug);
  await history.record(tx, {
    ...who(actor),
    entityId: id,
    action: actionOf(before, input),
    before,
    after,
    proposedBy,
  });
  return { before, after };
}

/** Also deletes the trainer's trainings (docs/product.md); its history entry keeps them with the trainer. */
export async function deleteTrainer(actor: Actor, id: string, ifMatch?: string | null): Promise<StoredTrainer> {
  // Another's profile is 404 first, so a partner's 403 never tells that it exists.
  assertTrainerInScope(await scopeOfActor(actor), id);
  assertMayManageProfiles(actor);
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
