import { z } from 'zod';

/** Trainer photo limits (docs/product.md), shared by the upload widget and the server checks. */
export const MAX_PHOTO_BYTES = 5_242_880;
export const PHOTO_ALLOWED_TYPES = ['image/*'];
/** The image formats a photo is recognised as by its bytes (src/storage/imageType.ts). */
export const PHOTO_FORMATS = ['JPEG', 'PNG', 'WebP', 'GIF'] as const;

const formats = `${PHOTO_FORMATS.slice(0, -1).join(', ')} or ${PHOTO_FORMATS.at(-1)}`;
const maxMegabytes = `${MAX_PHOTO_BYTES / 1024 / 1024} MB`;

/** What the upload control says it takes: 'JPEG, PNG, WebP or GIF, at most 5 MB'. */
export const PHOTO_HINT = `${formats}, at most ${maxMegabytes}`;

/**
 * A partner's upload quota (docs/product.md, Photos): upload URLs issued and not yet registered at
 * once, and bytes a day (a URL not registered yet counts as a whole photo, what it may still take).
 * The team has none.
 */
export const PARTNER_OPEN_UPLOADS = 3;
export const PARTNER_UPLOAD_BYTES_PER_DAY = 6 * MAX_PHOTO_BYTES;

/** The 429 of an upload beyond the quota: what is full and when to try again (UTC, HH:MM). */
export function uploadQuotaMessage(kind: 'open' | 'day', retryAt: Date): string {
  const at = `${retryAt.toISOString().slice(11, 16)} UTC`;
  return kind === 'open'
    ? `You have ${PARTNER_OPEN_UPLOADS} uploads under way. Finish one, or upload again after ${at}.`
    : `You have uploaded ${PARTNER_UPLOAD_BYTES_PER_DAY / 1024 / 1024} MB of photos in the last 24 hours. You can upload again after ${at}.`;
}

export const PHOTO_MESSAGES = {
  notOurs: 'Photo URL must be a new upload URL issued by this site',
  /** A trainer's `photo` that is not a photo registered through PUT /api/admin/trainer-photos. */
  notUploaded: 'Photo must be an uploaded image',
  missing: 'The uploaded photo was not found; upload it again',
  empty: 'The uploaded photo is empty',
  tooLarge: `Photo must be at most ${maxMegabytes}`,
  notImage: `Photo must be a ${formats} image`,
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
