import * as trainers from '../data/trainers';
import { imageStore } from './index';
import { forgetPhotoObject, ownedPhotoObjects } from '../data/photoObjects';
import type { ImageStore } from './types';

/**
 * An upload that no trainer shows after this long was abandoned (a form left without saving, a photo
 * removed before saving): it is deleted. Long enough for an edit left open over a weekend day.
 */
export const ABANDONED_UPLOAD_MS = 2 * 86_400_000;
const SWEEP_EVERY_MS = 86_400_000;

/**
 * Deletes the objects this database made whose key no trainer holds and that are older than the
 * grace period.
 * Keys, not public URLs, decide: a changed S3_PUBLIC_URL or a restored database never makes a photo
 * in use look abandoned.
 */
export async function deleteAbandonedUploads(
  store: ImageStore,
  keysInUse: string[],
  owned: Map<string, Date>,
  now = new Date(),
  forget: (key: string) => Promise<void> = async () => {},
): Promise<string[]> {
  const kept = new Set(keysInUse);
  const deleted: string[] = [];
  const old = (at: Date) => now.getTime() - at.getTime() >= ABANDONED_UPLOAD_MS;
  for await (const { key, writtenAt } of store.listObjects()) {
    // Another database's object (a shared folder or bucket, a restored or brand-new database) is
    // never this sweep's to delete, however old and unreferenced it looks from here.
    const createdAt = owned.get(key);
    if (!createdAt || kept.has(key) || !old(writtenAt) || !old(createdAt)) continue;
    await store.delete(key);
    await forget(key);
    deleted.push(key);
  }
  return deleted;
}

/** One sweep of the configured store: objects this database made, that no trainer holds. */
export async function sweepAbandonedUploads(now = new Date()): Promise<string[]> {
  const [inUse, owned] = await Promise.all([trainers.photoKeysInUse(), ownedPhotoObjects()]);
  return deleteAbandonedUploads(imageStore(), inUse, owned, now, forgetPhotoObject);
}

/** Sweeps soon after start, then daily; a failure (database or bucket away) is logged and tried next time. */
export function startUploadSweeper(log: (message: string) => void): () => void {
  const run = () =>
    void sweepAbandonedUploads()
      .then((deleted) => deleted.length > 0 && log(`Deleted ${deleted.length} abandoned photo upload(s).`))
      .catch((error: unknown) => log(`[storage] sweep of abandoned uploads failed: ${String(error)}`));
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, SWEEP_EVERY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
