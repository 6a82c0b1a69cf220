import type { SiteTraining } from '../domain/siteData';
import { isUuid } from '../domain/fields';
import * as trainings from '../data/trainings';
import * as trainers from '../data/trainers';
import * as submissions from '../data/submissions';

/**
 * The page as it would go live (docs/product.md, One status: View and Preview), in the shape a build of the public site
 * renders it from (the row with its trainer row, dates as ISO strings): the row with a waiting proposal's fields
 * over it, and whether it shows such a proposal. A delete request proposes no fields.
 */
export async function loadProposedPreview(
  id: string | undefined,
): Promise<{ training: SiteTraining; proposed: boolean } | null> {
  if (!isUuid(id)) return null;
  const row = await trainings.findById(id);
  if (!row) return null;
  const [latest] = await submissions.latestOf([id]);
  const waiting = latest?.status === 'pending' && latest.kind !== 'training_delete' ? latest.proposed : null;
  const training = { ...row, ...waiting };
  const trainer = (await trainers.findById(training.trainerId)) ?? null;
  return { training: JSON.parse(JSON.stringify({ ...training, trainer })) as SiteTraining, proposed: waiting !== null };
}

/** Whether a state has a public page now: at least one training the public sees is held there. */
export async function stateIsListed(state: string | null): Promise<boolean> {
  return !!state && (await trainings.listPublished()).some((t) => t.state === state);
}
