/**
 * What the photo store can refuse or fail at, in its own terms (it knows nothing of HTTP); the
 * server maps each kind to a status at the edge. `field` names the request field a refusal is about.
 */
export type StorageErrorKind = 'invalid' | 'forbidden' | 'used' | 'tooLarge' | 'notFound' | 'unavailable';

export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const STORAGE_UNAVAILABLE = 'Photo storage is unavailable; try again';
