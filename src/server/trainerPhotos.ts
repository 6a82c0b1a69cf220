import { isPhotoInUse } from '../data/trainers';
import { deletePhotoObject } from '../storage';

/**
 * After a trainer's photo was replaced or removed, or the trainer deleted (issue 6), its object is
 * deleted once the change is committed, unless another trainer still shows it. Never throws: the
 * change itself has succeeded.
 */
export async function releasePhoto(previous: string | null, current: string | null): Promise<void> {
  if (!previous || previous === current) return;
  try {
    if (await isPhotoInUse(previous)) return;
    await deletePhotoObject(previous);
  } catch (error) {
    console.error(`[storage] could not release ${previous}:`, error);
  }
}
