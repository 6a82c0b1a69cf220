import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Compressed copies of published files, made by the publisher off the request path
 * (src/publish/siteFolder/precompressor.ts) and only read here. A copy is named by the SHA-1 of the file's
 * bytes, the same hash as the file's ETag, so a copy can never belong to another version of a
 * file, and unchanged files across builds share their copies.
 */
export type Coding = 'gzip' | 'br';
export const CODINGS: readonly Coding[] = ['gzip', 'br'];
const SUFFIX: Record<Coding, string> = { gzip: 'gz', br: 'br' };

export function contentHash(body: Buffer): string {
  return createHash('sha1').update(body).digest('base64url');
}

export function copyPath(copiesDir: string, hash: string, coding: Coding): string {
  return path.join(copiesDir, `${hash}.${SUFFIX[coding]}`);
}

/** The copy's bytes, or null while it is not made yet. */
export function readCopy(copiesDir: string, hash: string, coding: Coding): Buffer | null {
  try {
    return fs.readFileSync(copyPath(copiesDir, hash, coding));
  } catch {
    return null;
  }
}
