import * as trainers from '../data/trainers';
import type { Actor } from '../domain/actor';
import { listFilterOf, scopeOfActor } from './trainerScope';
import type { TrainerListQuery, ListPage } from '../domain/adminList';
import type { Trainer } from '../domain/trainers/trainer';

/**
 * The admin's reads of trainer profiles, within the actor's scope (trainerScope.ts): a partner reaches
 * only their own. A profile is saved in one place, its write module (services/listings/trainer.ts;
 * docs/architecture.md, Where a listing is saved).
 */

/** The admin list: every trainer for the team, a partner's own profiles for a partner. */
export async function listTrainers(actor: Actor): Promise<Trainer[]> {
  return trainers.listAll(listFilterOf(await scopeOfActor(actor)));
}

/** One page of the admin table, within the actor's scope as listTrainers. */
export async function trainerPage(actor: Actor, query: TrainerListQuery): Promise<ListPage<Trainer>> {
  return trainers.listPage(query, listFilterOf(await scopeOfActor(actor)));
}
