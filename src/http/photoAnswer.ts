import { OBJECT_CACHE_CONTROL } from '../storage/types';
import { answer, type Answer } from './answer';

/** A photo waiting for review: for its uploader and the team only, never kept by a cache. */
const PRIVATE_OBJECT_CACHE_CONTROL = 'private, no-store';

/**
 * A stored photo's answer (`GET /objects/<key>`), whichever driver keeps it (disk or database;
 * server/objects.ts, server/storedObjects.ts). The type is the one read from the photo's own bytes;
 * nothing it holds may run (a sandbox with nothing allowed), and it never changes (a new photo gets a
 * new key): cached for good, its key its ETag. A client that has it gets 304; HEAD gets the length
 * and no body. `body` says whether the bytes follow (a file is streamed after this head).
 * A photo no live trainer row shows yet (`isPublic` false: a partner's, waiting for review) goes only
 * to its uploader and the team, and no cache keeps it (services/photoAccess.ts).
 */
export function photoAnswer(
  photo: { key: string; contentType: string; size: number; isPublic: boolean },
  request: { method: string | undefined; ifNoneMatch: string | undefined },
): { answer: Answer; body: boolean } {
  const etag = `"${photo.key}"`;
  const headers: Record<string, string> = {
    'content-type': photo.contentType,
    'x-content-type-options': 'nosniff',
    'cache-control': photo.isPublic ? OBJECT_CACHE_CONTROL : PRIVATE_OBJECT_CACHE_CONTROL,
    'content-security-policy': "default-src 'none'; sandbox",
    etag,
  };
  if (request.ifNoneMatch === etag) return { answer: answer(304, headers), body: false };
  return {
    answer: answer(200, { ...headers, 'content-length': String(photo.size) }),
    body: request.method !== 'HEAD',
  };
}
