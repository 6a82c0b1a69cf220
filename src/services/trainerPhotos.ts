import { isPhotoKeyInUse } from '../data/trainers';
import { PHOTO_MESSAGES } from '../domain/trainers/photo';
import { imageStore } from '../storage';
import { InvalidInputError } from './errors';
import { log } from '../log';
import { forgetPhotoObject, isOwnObject, isOwnPhoto } from '../data/photoObjects';

/**
 * The storage key of a trainer's photo. Unchanged photo: the stored key (its URL base may have
 * changed since, e.g. S3_PUBLIC_URL). New photo: the key of the path this store just issued.
 */
export function photoKeyFor(photo: string | null, stored?: { photo: string | null; photoKey: string | null }) {
  if (!photo) return null;
  if (stored && stored.photo === photo && stored.photoKey) return stored.photoKey;
  return imageStore().keyFromPublicPath(photo);
}

/**
 * A photo newly put on a trainer must still be stored: an upload left in a form for longer than the
 * grace period of the abandoned-upload sweep is gone, and saving its path would show a broken photo.
 * A store that cannot answer does not block the save (it is logged); the photo then falls back to
 * the initials on the pages if it really is gone.
 */
export async function assertNewPhotoStored(photo: string | null, previous: string | null = null): Promise<void> {
  if (!photo || photo === previous) return;
  // A new photo is one this database registered (re-encoded, its EXIF gone), never another URL.
  const key = imageStore().keyFromPublicPath(photo);
  const notUploaded = () => new InvalidInputError(PHOTO_MESSAGES.notUploaded, { photo: [PHOTO_MESSAGES.notUploaded] });
  if (!key) throw notUploaded();
  let stored: boolean;
  try {
    stored = (await imageStore().readHead(key)) !== null;
  } catch (error) {
    log.error({ err: error, photo }, 'storage: could not check a photo');
    stored = true;
  }
  if (!stored) throw new InvalidInputError(PHOTO_MESSAGES.missing, { photo: [PHOTO_MESSAGES.missing] });
  if (!(await isOwnPhoto(key))) throw notUploaded();
}

/**
 * After a trainer's photo was replaced or removed, or the trainer deleted, its object is deleted once
 * the change is committed, unless a trainer still holds the same key. Never throws: the change
 * itself has succeeded.
 */
export async function releasePhotoKey(previous: string | null, current: string | null): Promise<void> {
  if (!previous || previous === current) return;
  try {
    // Only an object this database made, and only once no trainer row points to it.
    if ((await isPhotoKeyInUse(previous)) || !(await isOwnObject(previous))) return;
    await imageStore().delete(previous);
    await forgetPhotoObject(previous);
  } catch (error) {
    log.error({ err: error, key: previous }, 'storage: could not release a photo');
  }
}
