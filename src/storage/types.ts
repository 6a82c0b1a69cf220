import { randomBytes } from 'node:crypto';
import type { ImageType } from './imageType';

/**
 * One image store (docs/architecture.md, Uploads): the browser PUTs a file to a short-lived signed URL,
 * the server then verifies the stored object by its size and bytes and hands out its public path.
 * Keys are random (32 hex characters) and never derived from a file name.
 */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** A signed URL for one PUT of one new object, valid at most 15 minutes. */
  createUploadTarget(origin: string): Promise<{ uploadURL: string; key: string }>;
  /** The key of an upload URL or public path this store issued, else null (never fetched). */
  keyFromURL(url: URL, ownOrigins: readonly string[]): Promise<string | null>;
  /** The key behind a stored trainer photo value, or null when it is not one of this store's objects. */
  keyFromPublicPath(value: string): string | null;
  publicPath(key: string): string;
  /** Size of the stored object, or null when there is none. */
  readHead(key: string): Promise<{ size: number } | null>;
  readFirstBytes(key: string, count: number): Promise<Uint8Array>;
  /** The whole object (photos are at most 5 MB); null when there is none. */
  readObject(key: string): Promise<Uint8Array | null>;
  /** Stores a new object the server made (the re-encoded photo), served with this type. */
  writeObject(key: string, bytes: Uint8Array, type: ImageType): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every object of this store with the time it was written (for the sweep of abandoned uploads). */
  listObjects(): AsyncIterable<{ key: string; writtenAt: Date }>;
}

/** Local driver routes: the signed upload endpoint and where photos are served. */
export const UPLOAD_PATH = '/api/uploads/';
export const OBJECT_PATH = '/objects/';

export const OBJECT_KEY = /^[a-f0-9]{32}$/;
export const UPLOAD_TTL_SECONDS = 15 * 60;
export const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A new random key (never derived from a file name). */
export function newObjectKey(): string {
  return randomBytes(16).toString('hex');
}

export function isObjectKey(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_KEY.test(value);
}
