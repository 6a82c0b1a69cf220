import { z } from 'zod';

/** Trainer photo limits (docs/product.md), shared by the upload widget and the server checks. */
export const MAX_PHOTO_BYTES = 5_242_880;
export const PHOTO_ALLOWED_TYPES = ['image/*'];

export const PHOTO_MESSAGES = {
  notOurs: 'Photo URL must be an upload URL issued by this site',
  missing: 'The uploaded photo was not found; upload it again',
  empty: 'The uploaded photo is empty',
  tooLarge: 'Photo must be at most 5 MB',
  notImage: 'Photo must be a JPEG, PNG, WebP or GIF image',
  uploaded: 'Photo uploaded successfully',
} as const;

/** `PUT /api/admin/trainer-photos` body (docs/product.md). */
export const PhotoRegistrationSchema = z.strictObject({
  photoURL: z
    .string({ error: PHOTO_MESSAGES.notOurs })
    .trim()
    .min(1, { error: PHOTO_MESSAGES.notOurs })
    .max(4000, { error: PHOTO_MESSAGES.notOurs }),
});
