import * as slugs from '../data/trainerSlugs';
import type { Tx } from '../data/publishQueue';
import { TRAINER_MESSAGES } from '../domain/trainers/trainer';
import { InvalidInputError } from './errors';

/**
 * Which slug a trainer's write asks for (docs/product.md, Trainer pages): the admin's when given
 * (refused when another trainer's page has it), else the current one; null on a create without
 * one, when the database makes it from the name (db/migrations/00022_trainer_slugs.sql).
 */
export async function chosenSlug(
  tx: Tx,
  wanted: string | null | undefined,
  current: { id: string; slug: string } | null,
): Promise<string | null> {
  const slug = wanted ?? current?.slug ?? null;
  if (slug && (await slugs.heldByOther(tx, slug, current?.id ?? null))) {
    throw new InvalidInputError(TRAINER_MESSAGES.slugTaken, { slug: [TRAINER_MESSAGES.slugTaken] });
  }
  return slug;
}

/** After the write: an old slug keeps answering with a 301, a taken-over one stops redirecting. */
export async function afterSlugWrite(tx: Tx, trainerId: string, before: string | null, after: string): Promise<void> {
  if (before === after) return;
  if (before) await slugs.recordMove(tx, trainerId, before, after);
  else await slugs.release(tx, after);
}

/**
 * Two writes at once may ask for the same slug (two trainers of one name created together): the
 * unique key refuses the second, which is made again from the start and then sees the first's slug
 * (a -2, or a field error for a slug the admin chose).
 */
export async function retryingSlugConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 3 || !isSlugConflict(error)) throw error;
    }
  }
}

function isSlugConflict(error: unknown): boolean {
  const { code, constraint_name } = (error ?? {}) as { code?: string; constraint_name?: string };
  return code === '23505' && constraint_name === 'trainers_slug_key';
}
