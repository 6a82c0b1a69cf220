import * as imports from '../../data/imports';
import * as trainings from '../../data/trainings';
import type { Actor } from '../../domain/actor';
import { fieldTexts } from '../../domain/imports/importMatch';
import { FIELD_LABELS } from '../../domain/imports/importOutcomes';
import { isPartner } from '../../domain/team/roles';
import { withReviewState } from '../review/reviewState';
import { NotFoundError } from '../errors';
import { isInScope, scopeOfActor } from '../trainerScope';

/**
 * The field locks of an imported listing (docs/decisions/0047-import-matching-and-locks.md): the
 * fields changed on the site since the import last wrote them, which the next read keeps. The form
 * shows a note by each ("kept: changed here").
 */
export async function lockedFields(
  actor: Actor,
  listingId: string,
): Promise<{ kept: { field: string; label: string }[] }> {
  const live = await trainings.findById(listingId);
  if (!live || !isInScope(await scopeOfActor(actor), live.trainerId)) throw new NotFoundError('Training not found');
  const link = await imports.linkOf(listingId);
  if (!link) return { kept: [] };
  const [seen] = actor.role && isPartner(actor.role) ? await withReviewState([live]) : [live];
  const fields = Object.keys(link.written);
  const now = fieldTexts(seen as unknown as Record<string, unknown>, fields);
  return {
    kept: fields
      .filter((f) => now[f] !== link.written[f])
      .map((field) => ({ field, label: FIELD_LABELS[field] ?? field })),
  };
}

/** The same for a form's page: nothing for a training the member cannot reach (the page says so itself). */
export async function keptOnPage(member: Actor, listingId: string): Promise<{ field: string; label: string }[]> {
  try {
    return (await lockedFields(member, listingId)).kept;
  } catch (error) {
    if (error instanceof NotFoundError) return [];
    throw error;
  }
}
