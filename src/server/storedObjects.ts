import type { IncomingMessage, ServerResponse } from 'node:http';
import * as objects from '../data/storedObjects';
import { storageEnv } from '../settings';
import { isObjectKey, OBJECT_PATH } from '../storage/types';
import { photoAnswer } from '../http/photoAnswer';
import { serveObject } from './objects';
import { photoAccess } from '../services/photoAccess';
import { sessionCookieName } from '../auth/cookieNames';
import { writeAnswer } from './writeAnswer';

/** One cookie's value from the request's Cookie header. */
function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * `GET /objects/<key>` for every driver that serves photos itself: from the database when photos are
 * kept there (an object's type was read from its bytes on arrival; one that is not an image is never
 * served), else, or for a photo stored on disk before, from DATA_DIR/uploads, with every photo's
 * headers (http/photoAnswer.ts). Returns false when there is nothing to serve.
 *
 * A photo no live trainer row shows yet (a partner's, waiting for review) is served only to the
 * member who uploaded it and to the team, with `private, no-store`, and is a 404 to anyone else
 * (services/photoAccess.ts); once a trainer row shows it, it is public and cached for a year.
 */
export async function serveStoredObject(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  const key = pathname.slice(OBJECT_PATH.length);
  if (!isObjectKey(key) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const access = await photoAccess(key, cookieValue(req, sessionCookieName()));
  if (access === 'hidden') return false;
  const isPublic = access === 'public';
  if (!storageEnv().inDatabase) return serveObject(req, res, pathname, isPublic);
  const head = await objects.findHead(key);
  if (!head) return serveObject(req, res, pathname, isPublic);
  if (!head.contentType) return false;
  const photo = photoAnswer(
    { key, contentType: head.contentType, size: head.size, isPublic },
    { method: req.method, ifNoneMatch: req.headers['if-none-match'] },
  );
  if (!photo.body) {
    writeAnswer(res, photo.answer);
    return true;
  }
  const bytes = await objects.readBytes(key);
  if (!bytes) return false;
  writeAnswer(res, { ...photo.answer, body: bytes });
  return true;
}
