import { photoAudience, uploadUsage } from '../data/photoObjects';
import { validateToken, type AdminSession } from '../auth/sessions';
import { isPartner } from '../domain/team/roles';
import {
  MAX_PHOTO_BYTES,
  PARTNER_OPEN_UPLOADS,
  PARTNER_UPLOAD_BYTES_PER_DAY,
  uploadQuotaMessage,
} from '../domain/trainers/photo';
import { createUploadURL, registerPhoto } from '../storage/photos';
import { UPLOAD_TTL_SECONDS } from '../storage/types';
import { QuotaError } from './errors';

/**
 * Who sees a photo, and how much a partner may upload (docs/product.md, Photos).
 *
 * A photo is public once a trainer row, the live record, shows it: a partner's new photo waits in
 * their proposal until the review approves it (or applies at once for a trusted partner), so being
 * in a trainer row is what "approved" means, and no flag has to follow the review. Until then only
 * the member who uploaded it and the team (the review page, the trainer form) may see it.
 */
export type PhotoAccess = 'public' | 'private' | 'hidden';

export async function photoAccess(key: string, sessionToken: string | undefined): Promise<PhotoAccess> {
  const audience = await photoAudience(key);
  // An object this database did not make and no trainer shows (another database's, on a shared
  // folder) is served as before: the store decides whether it exists.
  if (!audience) return 'public';
  if (audience.shown) return 'public';
  const viewer = await validateToken(sessionToken);
  if (!viewer) return 'hidden';
  if (!isPartner(viewer.role) || viewer.adminId === audience.uploadedBy) return 'private';
  return 'hidden';
}

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (at: Date, now: number) => Math.max(1, Math.ceil((at.getTime() - now) / 1000));

/**
 * `POST /api/admin/objects/upload`: a partner has at most PARTNER_OPEN_UPLOADS upload URLs under way
 * and PARTNER_UPLOAD_BYTES_PER_DAY in 24 hours; beyond either, a 429 that says when they can upload
 * again. The team has no quota.
 */
export async function issueUploadURL(member: AdminSession, origin: string, now = Date.now()): Promise<string> {
  if (isPartner(member.role)) {
    const ttlMs = UPLOAD_TTL_SECONDS * 1000;
    const usage = await uploadUsage(member.adminId, { urlTtlMs: ttlMs, dayMs: DAY_MS, urlBytes: MAX_PHOTO_BYTES });
    if (usage.outstanding >= PARTNER_OPEN_UPLOADS && usage.oldestOutstanding) {
      const at = new Date(usage.oldestOutstanding.getTime() + ttlMs);
      throw new QuotaError(uploadQuotaMessage('open', at), seconds(at, now));
    }
    if (usage.dayBytes + MAX_PHOTO_BYTES > PARTNER_UPLOAD_BYTES_PER_DAY) {
      // The moment enough of the day's uploads are a day old for one more whole photo.
      let left = usage.dayBytes;
      const freed = usage.day.find((row) => (left -= row.bytes) + MAX_PHOTO_BYTES <= PARTNER_UPLOAD_BYTES_PER_DAY);
      const at = new Date((freed?.at.getTime() ?? now) + DAY_MS);
      throw new QuotaError(uploadQuotaMessage('day', at), seconds(at, now));
    }
  }
  return createUploadURL(origin, member.adminId);
}

/** `PUT /api/admin/trainer-photos`: the new photo is the registering member's until a trainer row shows it. */
export function registerUploadedPhoto(member: AdminSession, photoURL: string, ownOrigins: readonly string[]) {
  return registerPhoto(photoURL, ownOrigins, member.adminId);
}
