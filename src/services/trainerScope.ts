import type { AdminSession } from '../auth/sessions';
import { isUuid } from '../domain/fields';
import * as trainers from '../data/trainers';
import * as trainings from '../data/trainings';
import { trainerIdsOf } from '../data/partnerTrainers';
import { isPartner } from '../domain/team/roles';
import { ForbiddenError, NotFoundError } from './errors';
import type { Actor } from '../domain/actor';

/**
 * The trainer profiles a signed-in member may see (docs/architecture.md, convention 18: scope is a
 * rule below the routes). `'all'` for the team's roles; a partner account (docs/product.md, Partners)
 * answers its own linked trainer ids, and every reader that takes a scope is scoped by it.
 */
export type TrainerScope = 'all' | readonly string[];

export async function trainerScopeOf(viewer: Pick<AdminSession, 'adminId' | 'role'>): Promise<TrainerScope> {
  return isPartner(viewer.role) ? trainerIdsOf(viewer.adminId) : 'all';
}

/**
 * The trainers a reader asked about within the scope: null for every trainer the scope holds
 * (everyone for the team), or the one asked for. A trainer that does not exist or is outside the
 * scope is the same 404, so an answer never tells that another's record exists.
 */
export async function trainersAsked(scope: TrainerScope, trainerId: string | null): Promise<readonly string[] | null> {
  if (trainerId === null) return scope === 'all' ? null : scope;
  const inScope = scope === 'all' || scope.includes(trainerId);
  if (!isUuid(trainerId) || !inScope || !(await trainers.findById(trainerId)))
    throw new NotFoundError('Trainer not found');
  return [trainerId];
}

/**
 * The scope of the member acting in a use case (an actor without a role, the CLI or a job, is the team).
 * Read before a use case's transaction: PGlite has one connection, and a read on another inside a
 * transaction would wait for ever (docs/decisions/0005-embedded-database-socket.md).
 */
export function scopeOfActor(actor: Actor): Promise<TrainerScope> {
  return actor.role ? trainerScopeOf({ adminId: actor.adminId, role: actor.role }) : Promise.resolve('all');
}

/** The trainer ids a list is narrowed to: null for the team (every trainer). */
export const listFilterOf = (scope: TrainerScope): readonly string[] | null => (scope === 'all' ? null : scope);

export const isInScope = (scope: TrainerScope, trainerId: string): boolean =>
  scope === 'all' || scope.includes(trainerId);

/**
 * A trainer profile the actor works on: outside their scope it is the same 404 as one that does not
 * exist, so an answer never tells that another's record exists.
 */
export function assertTrainerInScope(scope: TrainerScope, trainerId: string): void {
  if (!isInScope(scope, trainerId)) throw new NotFoundError('Trainer not found');
}

/**
 * The trainer a training is written for: a partner may name only their own trainers, else 404 "Trainer
 * not found", also on the field (the team's answer for a trainer that does not exist stays 400).
 */
export function assertTrainingTrainerInScope(scope: TrainerScope, trainerId: string): void {
  if (!isInScope(scope, trainerId)) throw new NotFoundError('Trainer not found', { trainerId: ['Trainer not found'] });
}

/** A training the actor works on, by its stored trainer: outside the scope, the same 404 as unknown. */
export function assertTrainingInScope<T extends { trainerId: string }>(
  scope: TrainerScope,
  training: T | undefined,
): asserts training is T {
  if (!training || !isInScope(scope, training.trainerId)) throw new NotFoundError('Training not found');
}

/** Creating or deleting a trainer profile is the team's: partners keep the profiles they are given (403). */
export function assertMayManageProfiles(actor: Actor): void {
  if (actor.role && isPartner(actor.role))
    throw new ForbiddenError('Partners keep the trainer profiles they are given; ask the team for a new one');
}

/** Whether a training exists and is within the viewer's scope (a partner's area pages). */
export async function trainingInScope(
  viewer: Pick<AdminSession, 'adminId' | 'role'>,
  trainingId: string,
): Promise<boolean> {
  const training = await trainings.findById(trainingId);
  return Boolean(training && isInScope(await trainerScopeOf(viewer), training.trainerId));
}
