import type { IncomingMessage, ServerResponse } from 'node:http';
import * as objects from '../data/storedObjects';
import { storageEnv } from '../settings';
import { isObjectKey, OBJECT_CACHE_CONTROL, OBJECT_PATH } from '../storage/types';
import { serveObject } from './objects';

/**
 * `GET /objects/<key>` for every driver that serves photos itself: from the database when photos are
 * kept there (an object's type was read from its bytes on arrival; one that is not an image is never
 * served), else, or for a photo stored on disk before, from DATA_DIR/uploads. Immutable caching and an
 * ETag: a new photo always gets a new key. Returns false when there is nothing to serve.
 */
export async function serveStoredObject(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  const key = pathname.slice(OBJECT_PATH.length);
  if (!storageEnv().inDatabase || !isObjectKey(key) || (req.method !== 'GET' && req.method !== 'HEAD')) {
    return serveObject(req, res, pathname);
  }
  const head = await objects.findHead(key);
  if (!head) return serveObject(req, res, pathname);
  if (!head.contentType) return false;
  const etag = `"${key}"`;
  res.setHeader('content-type', head.contentType);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('cache-control', OBJECT_CACHE_CONTROL);
  res.setHeader('content-security-policy', "default-src 'none'; sandbox");
  res.setHeader('etag', etag);
  res.setHeader('content-length', head.size);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.removeHeader('content-length');
    res.end();
    return true;
  }
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const bytes = await objects.readBytes(key);
  if (!bytes) return false;
  res.statusCode = 200;
  res.end(bytes);
  return true;
}
