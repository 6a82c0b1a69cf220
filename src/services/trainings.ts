import * as trainings from '../data/trainings';
import * as trainers from '../data/trainers';
import type { Training } from '../domain/training';
import type { Actor } from '../domain/actor';
import { listFilterOf, scopeOfActor } from './trainerScope';
import type { ListPage, TrainingListQuery } from '../domain/adminList';

/**
 * The admin's reads of trainings, within the actor's scope (trainerScope.ts): every training for the
 * team, their own trainers' for a partner. A training is saved in one place, its write module
 * (services/listings/training.ts; docs/architecture.md, Where a listing is saved).
 */

/** The admin list: every training for the team, their own trainers' for a partner. */
export async function listTrainings(actor: Actor): Promise<Training[]> {
  return trainings.listAll(listFilterOf(await scopeOfActor(actor)));
}

/** One page of the admin table, within the actor's scope as listTrainings. */
export async function trainingPage(actor: Actor, query: TrainingListQuery): Promise<ListPage<Training>> {
  return trainings.listPage(query, listFilterOf(await scopeOfActor(actor)));
}

/** Each row with its trainer's name, for the lists' Trainer column. */
export async function withTrainerNames<T extends Pick<Training, 'trainerId'>>(
  rows: T[],
): Promise<(T & { trainerName: string | null })[]> {
  const names = new Map((await trainers.listNames()).map((t) => [t.id, t.name]));
  return rows.map((row) => ({ ...row, trainerName: names.get(row.trainerId) ?? null }));
}
