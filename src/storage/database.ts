import { randomBytes } from 'node:crypto';
import * as objects from '../data/storedObjects';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../domain/trainers/photo';
import { StorageError } from './errors';
import { readUpload } from './uploadBody';
import type { ImageType } from './imageType';
import { sniffImageType } from './imageType';
import { LocalImageStore } from './local';
import { checkUploadSignature, signUpload } from './signing';
import { isObjectKey, UPLOAD_PATH, UPLOAD_TTL_SECONDS } from './types';

/**
 * Photos in PostgreSQL (DATABASE_URL set, no S3_*): instances with DATA_DIRs of their own all read
 * the same bytes. Same URLs as the local driver (signed `PUT /api/uploads/<key>`, served at
 * `/objects/<key>`), with the signing secret kept in the database so any instance accepts a URL
 * another one issued. Photos stored on disk before this driver existed are still read from there.
 */
export class DatabaseImageStore extends LocalImageStore {
  private secret: Promise<Buffer> | undefined;

  private signingKey(): Promise<Buffer> {
    this.secret ??= objects.sharedSigningSecret().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  override async createUploadTarget(origin: string) {
    const key = randomBytes(16).toString('hex');
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_TTL_SECONDS;
    const sig = signUpload(await this.signingKey(), key, expires);
    return { key, uploadURL: `${origin}${UPLOAD_PATH}${key}?expires=${expires}&sig=${sig}` };
  }

  /** One signed PUT: read whole (≤ 5 MB), then stored in one insert that also makes the URL single use. */
  override async receive(
    key: string,
    params: URLSearchParams,
    declaredLength: number,
    body: ReadableStream<Uint8Array> | null,
  ) {
    if (!isObjectKey(key)) throw new StorageError('notFound', 'Not found');
    const check = checkUploadSignature(await this.signingKey(), key, params.get('expires'), params.get('sig'));
    if (check === 'expired') throw new StorageError('forbidden', 'This upload URL has expired; request a new one');
    if (check === 'invalid') throw new StorageError('forbidden', 'This upload URL is not valid');
    if (declaredLength > MAX_PHOTO_BYTES) throw new StorageError('tooLarge', PHOTO_MESSAGES.tooLarge);
    if (await objects.findHead(key)) {
      throw new StorageError('used', 'This upload URL has already been used; request a new one');
    }
    const bytes = await readLimited(body, MAX_PHOTO_BYTES);
    if (bytes.length === 0) throw new StorageError('invalid', PHOTO_MESSAGES.empty);
    if (!(await objects.insert(key, sniffImageType(bytes), bytes))) {
      throw new StorageError('used', 'This upload URL has already been used; request a new one');
    }
    return { size: bytes.length };
  }

  override async readHead(key: string) {
    const head = await objects.findHead(key);
    return head ? { size: head.size } : super.readHead(key);
  }

  override async readFirstBytes(key: string, count: number) {
    const bytes = await objects.readBytes(key, count);
    return bytes ? Buffer.from(bytes) : super.readFirstBytes(key, count);
  }

  override async readObject(key: string) {
    const bytes = await objects.readBytes(key);
    return bytes ? Buffer.from(bytes) : super.readObject(key);
  }

  /** The re-encoded copy of an upload: kept in the database too, so every instance serves it. */
  override async writeObject(key: string, bytes: Uint8Array, type?: ImageType) {
    if (!(await objects.insert(key, type ?? sniffImageType(bytes), Buffer.from(bytes)))) {
      throw new StorageError('used', 'This photo key is already taken');
    }
  }

  override async delete(key: string) {
    await objects.remove(key);
    await super.delete(key);
  }

  override async *listObjects() {
    for (const head of await objects.listHeads()) yield { key: head.key, writtenAt: head.createdAt };
    yield* super.listObjects();
  }
}

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  await readUpload(body, limit, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}
