import type { AdminSession } from '../auth/sessions';
import { isUuid } from '../domain/fields';
import * as trainers from '../data/trainers';
import { trainerIdsOf } from '../data/partnerTrainers';
import { isPartner } from '../domain/roles';
import { NotFoundError } from './errors';

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
