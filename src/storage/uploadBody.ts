import { PHOTO_MESSAGES } from '../domain/trainers/photo';
import { StorageError } from './errors';

/**
 * Reads an upload's body chunk by chunk and hands each chunk on, refusing it as soon as it passes
 * `limit` bytes (a client may send more than it declared); answers the size. A body that breaks
 * off is an interrupted upload, not a server error.
 */
export async function readUpload(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  onChunk: (chunk: Uint8Array) => unknown,
): Promise<number> {
  if (!body) return 0;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return size;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new StorageError('tooLarge', PHOTO_MESSAGES.tooLarge);
      }
      await onChunk(value);
    }
  } catch (error) {
    throw error instanceof StorageError ? error : new StorageError('invalid', 'The upload was interrupted');
  }
}
