import Uppy, { type Meta } from '@uppy/core';
import XHRUpload from '@uppy/xhr-upload';
import { useSyncExternalStore } from 'react';
import { MAX_PHOTO_BYTES, PHOTO_ALLOWED_TYPES } from '../../domain/trainers/photo';
import { api, ApiError } from '../client/api';

/** What the PUT answers, for Uppy: the URL the file went to (the signed upload URL), kept to register it. */
export type UploadBody = { url: string };
export type PhotoUppy = Uppy<Meta, UploadBody>;

/**
 * One Uppy for one photo (docs/product.md): 1 file, 5,242,880 bytes, images only, sent as the raw
 * body of a PUT to a short-lived signed URL asked for just before the upload.
 */
export function createPhotoUppy(): PhotoUppy {
  return new Uppy<Meta, UploadBody>({
    restrictions: { maxNumberOfFiles: 1, maxFileSize: MAX_PHOTO_BYTES, allowedFileTypes: PHOTO_ALLOWED_TYPES },
    // Messages stay until the next action; the field shows them itself (role=alert).
    infoTimeout: 60_000,
  }).use(XHRUpload<Meta, UploadBody>, {
    endpoint: async () => (await api<{ uploadURL: string }>('POST', '/api/admin/objects/upload')).uploadURL,
    method: 'PUT',
    formData: false,
    limit: 1,
    // Signed URLs are single use: only a request that never got an answer is worth repeating.
    shouldRetry: (xhr) => xhr.status === 0,
    getResponseData: (xhr) => ({ url: xhr.responseURL }),
  });
}

/** `PUT /api/admin/trainer-photos` (docs/product.md): the server checks the upload and answers its object path. */
export async function registerPhoto(photoURL: string): Promise<string> {
  const { objectPath } = await api<{ objectPath: string }>('PUT', '/api/admin/trainer-photos', { photoURL });
  return objectPath;
}

export function registrationError(error: unknown): string {
  if (error instanceof ApiError) {
    const fieldMessage = error.fieldErrors.photoURL?.[0];
    if (fieldMessage) return fieldMessage;
    try {
      return (JSON.parse(error.message.replace(/^\d+: /, '')) as { error: string }).error;
    } catch {
      // not JSON
    }
  }
  return 'The photo could not be saved; try again';
}

/** A value from Uppy's state, re-read on each state update (a small `useUppyState`). */
export function useUppyValue<T extends string | number | boolean | null>(
  uppy: PhotoUppy,
  select: (state: ReturnType<PhotoUppy['getState']>) => T,
): T {
  return useSyncExternalStore(
    (onChange) => {
      uppy.on('state-update', onChange);
      return () => uppy.off('state-update', onChange);
    },
    () => select(uppy.getState()),
    () => select(uppy.getState()),
  );
}
