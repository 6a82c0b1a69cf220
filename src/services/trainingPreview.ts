import type { SiteTraining } from '../domain/siteData';
import { isUuid } from '../domain/fields';
import * as trainings from '../data/trainings';
import * as trainers from '../data/trainers';

/**
 * A training, published or not, in the shape a build of the public site renders it from (the
 * publisher's snapshot: the row with its trainer row, dates as ISO strings).
 */
export async function loadTrainingPreview(id: string | undefined): Promise<SiteTraining | null> {
  if (!isUuid(id)) return null;
  const training = await trainings.findById(id);
  if (!training) return null;
  const trainer = (await trainers.findById(training.trainerId)) ?? null;
  return JSON.parse(JSON.stringify({ ...training, trainer })) as SiteTraining;
}

/** Whether a state has a public page now: at least one training the public sees is held there. */
export async function stateIsListed(state: string | null): Promise<boolean> {
  return !!state && (await trainings.listPublished()).some((t) => t.state === state);
}
