import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { storageEnv } from '../settings';
import { sniffImageType, SNIFF_BYTES } from '../storage/imageType';
import { isObjectKey, OBJECT_PATH } from '../storage/types';
import { photoAnswer } from '../http/photoAnswer';
import { writeAnswer } from './writeAnswer';
import { log } from '../log';

/**
 * `GET /objects/<key>`: a locally stored photo. Keys are 32 hex characters, so no path
 * reaches outside DATA_DIR/uploads; the Content-Type comes from the file's bytes, never from what
 * the uploader said, and anything that is not a JPEG, PNG, WebP or GIF is not served; its headers
 * are every photo's (http/photoAnswer.ts). Returns false when there is nothing to serve, and the host
 * answers 404.
 */
export async function serveObject(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  isPublic = true,
): Promise<boolean> {
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
    const photo = photoAnswer(
      { key, contentType: type, size: stat.size, isPublic },
      { method: req.method, ifNoneMatch: req.headers['if-none-match'] },
    );
    if (!photo.body) {
      writeAnswer(res, photo.answer);
      await handle.close();
      return true;
    }
    res.writeHead(photo.answer.status, photo.answer.headers);
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
