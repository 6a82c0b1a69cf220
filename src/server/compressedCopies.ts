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

/**
 * What names a published file's bytes without reading them. A published file is never changed in
 * place (a new version is a new file renamed over the old one), and a file a publish left alone is
 * a hard link of the same inode in every build after it.
 */
export function fileIdentity(stat: fs.Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
}

/**
 * The hashes of published files by identity, as the precompressor's worker found them. With it a
 * cold request for a file that has a copy reads the copy only: reading and hashing every file
 * again on the main thread was a third of a cold crawl's time there at 5,000 trainings.
 */
const knownHashes = new Map<string, string>();

type HashFollower = (added: readonly (readonly [string, string])[], forgotten: readonly string[]) => void;
const followers = new Set<HashFollower>();

export function rememberHashes(added: readonly (readonly [string, string])[], forgotten: readonly string[]): void {
  for (const identity of forgotten) knownHashes.delete(identity);
  for (const [identity, hash] of added) knownHashes.set(identity, hash);
  for (const follow of followers) follow(added, forgotten);
}

/**
 * Tells `follow` every hash known now, then every change: the static front serves the same files
 * from its own process and is told what the worker found (front/staticFront.ts). Returns the way
 * to stop.
 */
export function followHashes(follow: HashFollower): () => void {
  follow([...knownHashes], []);
  followers.add(follow);
  return () => followers.delete(follow);
}

export function knownHash(stat: fs.Stats): string | undefined {
  return knownHashes.get(fileIdentity(stat));
}
