import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../domain/photo';
import { HttpError } from '../server/http';
import { sniffImageType, SNIFF_BYTES } from './imageType';
import { imageStore } from './index';

function refused(message: string): HttpError {
  return new HttpError(400, message, { photoURL: [message] });
}

/**
 * `PUT /api/admin/trainer-photos` (SPEC §7, issue 6): the URL must be one this site issued (it is
 * never fetched), the object must exist, be at most 5 MB and be a JPEG, PNG, WebP or GIF by its
 * bytes. A refused object is deleted. Returns the photo's stable public path.
 */
export async function registerPhoto(photoURL: string, ownOrigins: readonly string[]): Promise<string> {
  let url: URL;
  try {
    url = new URL(photoURL, ownOrigins[0]);
  } catch {
    throw refused(PHOTO_MESSAGES.notOurs);
  }
  const store = imageStore();
  try {
    const key = await store.keyFromURL(url, ownOrigins);
    if (!key) throw refused(PHOTO_MESSAGES.notOurs);
    const head = await store.readHead(key);
    if (!head) throw refused(PHOTO_MESSAGES.missing);
    if (head.size === 0 || head.size > MAX_PHOTO_BYTES) {
      await store.delete(key);
      throw refused(head.size === 0 ? PHOTO_MESSAGES.empty : PHOTO_MESSAGES.tooLarge);
    }
    const type = sniffImageType(await store.readFirstBytes(key, SNIFF_BYTES));
    if (!type) {
      await store.delete(key);
      throw refused(PHOTO_MESSAGES.notImage);
    }
    await store.markVerified(key, type);
    return store.publicPath(key);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    console.error('[storage] photo registration failed:', error);
    throw new HttpError(503, 'Photo storage is unavailable; try again', undefined, { 'retry-after': '5' });
  }
}

/** `POST /api/admin/objects/upload`: storage failures are a clear 503, never a 500. */
export async function createUploadURL(origin: string): Promise<string> {
  try {
    return (await imageStore().createUploadTarget(origin)).uploadURL;
  } catch (error) {
    console.error('[storage] could not create an upload URL:', error);
    throw new HttpError(503, 'Photo storage is unavailable; try again', undefined, { 'retry-after': '5' });
  }
}
