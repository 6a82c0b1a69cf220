import { isPhotoInUse } from '../data/trainers';
import { PHOTO_MESSAGES } from '../domain/photo';
import { deletePhotoObject, imageStore } from '../storage';
import { HttpError } from './http';

/**
 * A photo newly put on a trainer must still be stored: an upload left in a form for longer than the
 * grace period of the abandoned-upload sweep is gone, and saving its path would show a broken photo.
 * A store that cannot answer does not block the save (it is logged); the photo then falls back to
 * the initials on the pages if it really is gone.
 */
export async function assertNewPhotoStored(photo: string | null, previous: string | null = null): Promise<void> {
  if (!photo || photo === previous) return;
  const store = imageStore();
  const key = store.keyFromPublicPath(photo);
  if (!key) return;
  let stored: boolean;
  try {
    stored = (await store.readHead(key)) !== null;
  } catch (error) {
    console.error(`[storage] could not check ${photo}:`, error);
    return;
  }
  if (!stored) throw new HttpError(400, PHOTO_MESSAGES.missing, { photo: [PHOTO_MESSAGES.missing] });
}

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
