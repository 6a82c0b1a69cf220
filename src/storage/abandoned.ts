import * as trainers from '../data/trainers';
import { imageStore } from './index';
import type { ImageStore } from './types';

/**
 * An upload that no trainer shows after this long was abandoned (a form left without saving, a photo
 * removed before saving): it is deleted. Long enough for an edit left open over a weekend day.
 */
export const ABANDONED_UPLOAD_MS = 2 * 86_400_000;
const SWEEP_EVERY_MS = 86_400_000;

/**
 * Deletes the store's objects whose key no trainer holds and that are older than the grace period.
 * Keys, not public URLs, decide: a changed S3_PUBLIC_URL or a restored database never makes a photo
 * in use look abandoned.
 */
export async function deleteAbandonedUploads(
  store: ImageStore,
  keysInUse: string[],
  now = new Date(),
): Promise<string[]> {
  const kept = new Set(keysInUse);
  const deleted: string[] = [];
  for await (const { key, writtenAt } of store.listObjects()) {
    if (kept.has(key) || now.getTime() - writtenAt.getTime() < ABANDONED_UPLOAD_MS) continue;
    await store.delete(key);
    deleted.push(key);
  }
  return deleted;
}

/** One sweep of the configured store against the keys the trainers hold. */
export async function sweepAbandonedUploads(now = new Date()): Promise<string[]> {
  return deleteAbandonedUploads(imageStore(), await trainers.photoKeysInUse(), now);
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
