import type { ImageType } from './imageType';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../domain/trainers/photo';
import { StorageError } from './errors';
import { readUpload } from './uploadBody';
import { checkUploadSignature, signingSecret, signUpload } from './signing';
import { isObjectKey, newObjectKey, OBJECT_PATH, UPLOAD_PATH, UPLOAD_TTL_SECONDS, type ImageStore } from './types';

/**
 * Local disk driver (README.md: S3_* unset): objects live in DATA_DIR/uploads/<key>, uploads go
 * to our own signed, single-use `PUT /api/uploads/<key>` and photos are served from `/objects/<key>`
 * (src/server/objects.ts).
 */

export class LocalImageStore implements ImageStore {
  readonly kind = 'local';
  private lastSweep = 0;

  constructor(
    readonly uploadsDir: string,
    private readonly dataDir: string,
  ) {}

  async createUploadTarget(origin: string) {
    void this.sweep();
    const key = newObjectKey();
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_TTL_SECONDS;
    const sig = signUpload(signingSecret(this.dataDir), key, expires);
    return { key, uploadURL: `${origin}${UPLOAD_PATH}${key}?expires=${expires}&sig=${sig}` };
  }

  async keyFromURL(url: URL, ownOrigins: readonly string[]) {
    if (!ownOrigins.includes(url.origin)) return null;
    for (const prefix of [UPLOAD_PATH, OBJECT_PATH]) {
      const key = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
      if (isObjectKey(key)) return key;
    }
    return null;
  }

  keyFromPublicPath(value: string) {
    const key = value.startsWith(OBJECT_PATH) ? value.slice(OBJECT_PATH.length) : '';
    return isObjectKey(key) ? key : null;
  }

  publicPath(key: string) {
    return `${OBJECT_PATH}${key}`;
  }

  async readHead(key: string) {
    try {
      const stat = await fs.stat(this.file(key));
      return stat.isFile() ? { size: stat.size } : null;
    } catch {
      return null;
    }
  }

  async readFirstBytes(key: string, count: number) {
    const handle = await fs.open(this.file(key), 'r');
    try {
      const buffer = Buffer.alloc(count);
      const { bytesRead } = await handle.read(buffer, 0, count, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async readObject(key: string) {
    return fs.readFile(this.file(key)).catch(() => null);
  }
  /** Written aside, then renamed: the object appears whole or not at all. */
  async writeObject(key: string, bytes: Uint8Array, _type?: ImageType) {
    // Served with the type read from its bytes at each request (src/server/objects.ts).
    await fs.mkdir(path.join(this.uploadsDir, '.tmp'), { recursive: true });
    const temp = path.join(this.uploadsDir, '.tmp', key);
    await fs.writeFile(temp, bytes, { mode: 0o600, flag: 'wx' });
    await fs.rename(temp, this.file(key));
  }

  async delete(key: string) {
    await fs.rm(this.file(key), { force: true });
  }

  async *listObjects() {
    const names = await fs.readdir(this.uploadsDir).catch(() => [] as string[]);
    for (const key of names.filter(isObjectKey)) {
      const stat = await fs.stat(this.file(key)).catch(() => null);
      if (stat?.isFile()) yield { key, writtenAt: stat.mtime };
    }
  }

  /**
   * Receives one signed PUT. The body is streamed to a temporary file and refused beyond 5 MB; a
   * claim file makes the URL single use (it stays after success, and is dropped after a failure so
   * the browser may retry within the expiry).
   */
  async receive(key: string, params: URLSearchParams, declaredLength: number, body: ReadableStream<Uint8Array> | null) {
    if (!isObjectKey(key)) throw new StorageError('notFound', 'Not found');
    const check = checkUploadSignature(signingSecret(this.dataDir), key, params.get('expires'), params.get('sig'));
    if (check === 'expired') throw new StorageError('forbidden', 'This upload URL has expired; request a new one');
    if (check === 'invalid') throw new StorageError('forbidden', 'This upload URL is not valid');
    if (declaredLength > MAX_PHOTO_BYTES) throw new StorageError('tooLarge', PHOTO_MESSAGES.tooLarge);

    await fs.mkdir(path.join(this.uploadsDir, '.claims'), { recursive: true });
    await fs.mkdir(path.join(this.uploadsDir, '.tmp'), { recursive: true });
    const claim = path.join(this.uploadsDir, '.claims', key);
    try {
      await (await fs.open(claim, 'wx')).close();
    } catch {
      throw new StorageError('used', 'This upload URL has already been used; request a new one');
    }
    const temp = path.join(this.uploadsDir, '.tmp', key);
    try {
      const size = await writeLimited(body, temp, MAX_PHOTO_BYTES);
      if (size === 0) throw new StorageError('invalid', PHOTO_MESSAGES.empty);
      await fs.rename(temp, this.file(key));
      return { size };
    } catch (error) {
      await fs.rm(temp, { force: true });
      await fs.rm(claim, { force: true });
      throw error instanceof StorageError ? error : new StorageError('invalid', 'The upload was interrupted');
    }
  }

  private file(key: string) {
    if (!isObjectKey(key)) throw new Error('invalid object key');
    return path.join(this.uploadsDir, key);
  }

  /** Claims and leftovers older than any valid URL are useless: drop them, at most once a minute. */
  private async sweep() {
    if (Date.now() - this.lastSweep < 60_000) return;
    this.lastSweep = Date.now();
    const cutoff = Date.now() - (UPLOAD_TTL_SECONDS + 300) * 1000;
    for (const dir of ['.claims', '.tmp'].map((d) => path.join(this.uploadsDir, d))) {
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true });
      }
    }
  }
}

async function writeLimited(body: ReadableStream<Uint8Array> | null, file: string, limit: number): Promise<number> {
  const handle = await fs.open(file, 'wx', 0o600);
  try {
    return await readUpload(body, limit, (chunk) => handle.write(chunk));
  } finally {
    await handle.close();
  }
}
