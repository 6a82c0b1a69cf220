import * as trainers from '../data/trainers';
import * as trainings from '../data/trainings';
import * as history from '../data/history';
import * as submissions from '../data/submissions';
import { transaction } from '../data/database/transaction';
import type { Tx } from '../data/publishQueue';
import { TrainingInputSchema, type Training, type TrainingInput, type TrainingPatch } from '../domain/training';
import { undisclosed } from '../domain/trainingFacts/programFacts';
import { PROGRAM_MESSAGES } from '../domain/trainingFacts/programFields';
import { keepsPosition, withPosition } from './trainingPosition';
import { checkVersion, InvalidInputError, UndisclosedCostError } from './errors';
import type { Actor } from '../domain/actor';
import {
  assertTrainingInScope,
  assertTrainingTrainerInScope,
  listFilterOf,
  scopeOfActor,
  type TrainerScope,
} from './trainerScope';
import type { ListPage, TrainingListQuery } from '../domain/adminList';

/**
 * Training use cases: create, update (all or some fields), publish toggle, delete. Each checks the
 * version and writes the change, its history entry and its publish request in one transaction.
 * A partner reaches only their own trainers' trainings (trainerScope.ts): another's id is 404.
 */

const who = (actor: Actor) => ({ adminId: actor.adminId, adminEmail: actor.email, entityType: 'training' as const });

/** A training must name an existing trainer: a message on the field, not a foreign-key failure. */
export async function ensureTrainerExists(tx: Tx, trainerId: string): Promise<void> {
  if (!(await trainers.lockById(tx, trainerId))) {
    throw new InvalidInputError('Invalid input', { trainerId: ['Trainer not found'] });
  }
}

const DISCLOSURE_MESSAGES = {
  consultation: PROGRAM_MESSAGES.needsConsultation,
  completionWindowMonths: PROGRAM_MESSAGES.needsCompletionWindow,
  refundPolicy: PROGRAM_MESSAGES.needsRefundPolicy,
} as const;

/** A Basic Training is listed only with its full cost disclosed; other programs publish as before. */
export function ensureDisclosed(input: TrainingInput): void {
  if (!input.isPublished || input.programType !== 'basic') return;
  const missing = undisclosed(input);
  if (missing.length === 0) return;
  const fieldErrors = Object.fromEntries(missing.map((field) => [field, [DISCLOSURE_MESSAGES[field]]]));
  throw new UndisclosedCostError('A Basic Training is listed only with its full cost disclosed', fieldErrors);
}

/** The admin list: every training for the team, their own trainers' for a partner. */
export async function listTrainings(actor: Actor): Promise<Training[]> {
  return trainings.listAll(listFilterOf(await scopeOfActor(actor)));
}

/** One page of the admin table, within the actor's scope as listTrainings. */
export async function trainingPage(actor: Actor, query: TrainingListQuery): Promise<ListPage<Training>> {
  return trainings.listPage(query, listFilterOf(await scopeOfActor(actor)));
}

export async function createTraining(actor: Actor, given: TrainingInput): Promise<Training> {
  assertTrainingTrainerInScope(await scopeOfActor(actor), given.trainerId);
  const input = await withPosition(given);
  ensureDisclosed(input);
  return transaction(async (tx) => {
    await ensureTrainerExists(tx, input.trainerId);
    const row = await trainings.insert(input, tx);
    await history.record(tx, { ...who(actor), entityId: row.id, action: 'create', before: null, after: row });
    return row;
  });
}

/** Some fields merged over the stored row, and the whole checked again (end after start…). */
export function merge(existing: Training, patch: TrainingPatch): TrainingInput {
  const { id: _id, createdAt: _c, updatedAt: _u, revision: _r, detailsConfirmedAt: _d, timeZone, ...stored } = existing;
  // A new state sent without a zone (a caller that knows no zones) moves the training to that state's zone.
  const keepZone = patch.state === undefined || patch.state === existing.state;
  const place = keepsPosition(existing, patch) ? {} : { latitude: null, longitude: null };
  // A refusal is a zod error: the endpoint answers it as any invalid body (400 with field messages).
  return TrainingInputSchema.parse({ ...stored, ...(keepZone ? { timeZone } : {}), ...place, ...patch });
}

/** The toggle of the list sends only `{isPublished}` (docs/product.md): a publish or unpublish entry. */
function actionOf(patch: TrainingPatch, before: Training) {
  const keys = Object.keys(patch);
  if (keys.length === 1 && keys[0] === 'isPublished' && patch.isPublished !== before.isPublished) {
    return patch.isPublished ? 'publish' : 'unpublish';
  }
  return 'update';
}

/** The whole training, or only some fields (the list's publish toggle sends only `isPublished`). */
export async function updateTraining(
  actor: Actor,
  id: string,
  patch: TrainingPatch,
  ifMatch?: string | null,
): Promise<Training> {
  const scope = await scopeOfActor(actor);
  return transaction((tx) => updateTrainingIn(tx, actor, id, patch, ifMatch, { scope }));
}

/**
 * The one write path of a training edit, in the caller's transaction, within the actor's scope (read
 * before the transaction). A reviewer's approval (services/review/reviews.ts) applies a partner's proposal
 * through it, naming the partner as `proposedBy` in the change history. A published save is a review
 * too: a partner's training that awaited its first approval may then be published.
 */
export async function updateTrainingIn(
  tx: Tx,
  actor: Actor,
  id: string,
  patch: TrainingPatch,
  ifMatch: string | null | undefined,
  options: { scope: TrainerScope; proposedBy?: string },
): Promise<Training> {
  const { scope } = options;
  const before = await trainings.lockById(tx, id);
  assertTrainingInScope(scope, before);
  checkVersion('training', before.updatedAt, ifMatch);
  const input = await withPosition(merge(before, patch));
  ensureDisclosed(input);
  if (input.trainerId !== before.trainerId) {
    assertTrainingTrainerInScope(scope, input.trainerId);
    await ensureTrainerExists(tx, input.trainerId);
  }
  // Publishing a partner's training still awaiting its first review is the team's own approval of it.
  if (input.isPublished && (await submissions.markReviewed(tx, id)))
    await submissions.approvePendingCreate(tx, id, actor);
  const after = (await trainings.update(id, input, tx))!;
  const action = actionOf(patch, before);
  await history.record(tx, {
    ...who(actor),
    entityId: id,
    action,
    before,
    after,
    proposedBy: options.proposedBy ?? null,
  });
  return after;
}

export async function deleteTraining(actor: Actor, id: string, ifMatch?: string | null): Promise<Training> {
  const scope = await scopeOfActor(actor);
  return transaction(async (tx) => {
    const before = await trainings.lockById(tx, id);
    assertTrainingInScope(scope, before);
    checkVersion('training', before.updatedAt, ifMatch);
    await trainings.remove(id, tx);
    await history.record(tx, { ...who(actor), entityId: id, action: 'delete', before, after: null });
    return before;
  });
}
