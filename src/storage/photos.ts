import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../domain/trainers/photo';
import { StorageError, STORAGE_UNAVAILABLE } from './errors';
import { sniffImageType, SNIFF_BYTES } from './imageType';
import { imageStore } from './index';
import { reencodeImage } from './reencode';
import { newObjectKey } from './types';
import { log } from '../log';
import { claimUpload, recordPhotoObject } from '../data/photoObjects';

function refused(message: string): StorageError {
  return new StorageError('invalid', message, 'photoURL');
}

/**
 * `PUT /api/admin/trainer-photos` (docs/product.md): the URL must be one this site issued (it is never
 * fetched), the object must exist, be at most 5 MB and be a JPEG, PNG, WebP or GIF by its bytes.
 * The photo is then re-encoded (src/storage/reencode.ts) under a new key no upload URL was ever
 * issued for, so what is served is the server's copy, and the upload is deleted. A refused object
 * is deleted too. Returns the photo's stable public path.
 */
export async function registerPhoto(
  photoURL: string,
  ownOrigins: readonly string[],
  uploadedBy: string | null = null,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(photoURL, ownOrigins[0]);
  } catch {
    throw refused(PHOTO_MESSAGES.notOurs);
  }
  const store = imageStore();
  try {
    const key = await store.keyFromURL(url, ownOrigins);
    // Only an upload URL this database issued, once: a photo in use, another database's object or a
    // URL registered before is refused before anything is read or deleted.
    if (!key || !(await claimUpload(key))) throw refused(PHOTO_MESSAGES.notOurs);
    const head = await store.readHead(key);
    if (!head) throw refused(PHOTO_MESSAGES.missing);
    if (head.size === 0 || head.size > MAX_PHOTO_BYTES) {
      await store.delete(key);
      throw refused(head.size === 0 ? PHOTO_MESSAGES.empty : PHOTO_MESSAGES.tooLarge);
    }
    const type = sniffImageType(await store.readFirstBytes(key, SNIFF_BYTES));
    const bytes = type ? await store.readObject(key) : null;
    if (!type || !bytes || bytes.length > MAX_PHOTO_BYTES) {
      await store.delete(key);
      throw refused(bytes && bytes.length > MAX_PHOTO_BYTES ? PHOTO_MESSAGES.tooLarge : PHOTO_MESSAGES.notImage);
    }
    const copy = await reencodeImage(bytes, type).catch(async (error: unknown) => {
      await store.delete(key);
      throw error;
    });
    const copyKey = newObjectKey();
    await recordPhotoObject(copyKey, 'photo', { uploadedBy, bytes: head.size });
    await store.writeObject(copyKey, copy.bytes, copy.type);
    await store.delete(key).catch((err: unknown) => log.error({ err, key }, 'storage: could not delete an upload'));
    return store.publicPath(copyKey);
  } catch (error) {
    if (error instanceof StorageError) throw error;
    log.error({ err: error }, 'storage: photo registration failed');
    throw new StorageError('unavailable', STORAGE_UNAVAILABLE);
  }
}

/** `POST /api/admin/objects/upload`: storage failures are a clear "unavailable", never a crash. */
export async function createUploadURL(origin: string, uploadedBy: string | null = null): Promise<string> {
  try {
    const target = await imageStore().createUploadTarget(origin);
    await recordPhotoObject(target.key, 'upload', { uploadedBy });
    return target.uploadURL;
  } catch (error) {
    log.error({ err: error }, 'storage: could not create an upload URL');
    throw new StorageError('unavailable', STORAGE_UNAVAILABLE);
  }
}
