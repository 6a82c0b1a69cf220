import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { storageEnv } from '../settings';
import { sniffImageType, SNIFF_BYTES } from '../storage/imageType';
import { isObjectKey, OBJECT_CACHE_CONTROL, OBJECT_PATH } from '../storage/types';
import { log } from '../log';

/**
 * `GET /objects/<key>`: a locally stored photo. Keys are 32 hex characters, so no path
 * reaches outside DATA_DIR/uploads; the Content-Type comes from the file's bytes, never from what
 * the uploader said, and anything that is not a JPEG, PNG, WebP or GIF is not served. Objects never
 * change (a new photo gets a new key), hence immutable caching. Returns false when there is nothing
 * to serve, and the host answers 404.
 */
export async function serveObject(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  const key = pathname.slice(OBJECT_PATH.length);
  if (!isObjectKey(key) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path.join(storageEnv().uploadsDir, key), 'r');
  } catch {
    return false;
  }
  try {
    const stat = await handle.stat();
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const type = stat.isFile() ? sniffImageType(head.subarray(0, bytesRead)) : null;
    if (!type) {
      await handle.close();
      return false;
    }
    const etag = `"${key}"`;
    res.setHeader('content-type', type);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', OBJECT_CACHE_CONTROL);
    res.setHeader('content-security-policy', "default-src 'none'; sandbox");
    res.setHeader('etag', etag);
    if (req.headers['if-none-match'] === etag || req.method === 'HEAD') {
      res.statusCode = req.method === 'HEAD' ? 200 : 304;
      if (req.method === 'HEAD') res.setHeader('content-length', stat.size);
      res.end();
      await handle.close();
      return true;
    }
    res.statusCode = 200;
    res.setHeader('content-length', stat.size);
    await pipeline(handle.createReadStream({ start: 0 }), res).catch(() => undefined);
    return true;
  } catch (error) {
    await handle.close().catch(() => undefined);
    if (res.headersSent) {
      res.destroy();
      return true;
    }
    log.error({ err: error, key }, 'objects: could not serve');
    return false;
  }
}
