import fs from 'node:fs';
import path from 'node:path';
import { clearDigests } from './pageDigests';
import { fingerprintOf } from './buildFingerprint';
import { outputFile } from './paths';
import { linkTree, removeTree } from './links';
import { entryProblem, keyTag, ownershipProblem, sealEntry, serverUid } from './cacheSeal';

/**
 * Builds of this code kept for starts in other DATA_DIRs on the same machine (BUILD_CACHE_DIR,
 * docs/publishing.md, "The code cache"): a start whose DATA_DIR has no build of its code copies the
 * cached one and renders every page of its own data into it in-process, where it would otherwise
 * run a whole `astro build` (10–14 s on two cores, most of a start). Each entry is one `astro build`
 * with its data pages removed, named by the code fingerprint it was made from, so a build of other
 * code or other public settings is never found. Entries are hard links: the folder must be on the
 * DATA_DIRs' file system, or nothing is kept and every start builds.
 *
 * An entry is code this server runs: it is loaded only when it proves to be one a start of this
 * operator made and nobody changed since (cacheSeal.ts, docs/decisions/0036-code-cache-trust.md).
 * Its name carries a tag of the sealing key, so starts with another secrets key keep entries of
 * their own beside it.
 */
export interface CodeCache {
  dir: string;
  /** The key manifests are sealed with (cacheSeal.ts codeCacheKey). */
  key: Buffer;
}
const KEEP_ENTRIES = 4;
/** A half-made entry older than this was left by a process that died. */
const ABANDONED_MS = 60 * 60_000;
const INCOMING = '.incoming-';

const entryName = (cache: CodeCache, fingerprint: string) => `${fingerprint}-${keyTag(cache.key)}`;

/** Whether an entry for this code and key is there at all, trusted or not. */
const entryExists = (cache: CodeCache, fingerprint: string) =>
  fs.existsSync(path.join(cache.dir, entryName(cache, fingerprint)));

/**
 * The cached build of the code with this fingerprint, checked whole, or null: none there, or one
 * that cannot be trusted, which `refused` is told why (a start says so in one log line).
 */
export function cachedCodeBuild(
  cache: CodeCache,
  fingerprint: string,
  refused: (why: string) => void = () => {},
): string | null {
  const dir = path.join(cache.dir, entryName(cache, fingerprint));
  if (!fs.existsSync(dir)) return null;
  const problem = entryProblem(cache.dir, dir, fingerprint, cache.key);
  if (problem) {
    refused(problem);
    return null;
  }
  return fingerprintOf(dir) === fingerprint ? dir : null;
}

/** The cached build, checked and marked as used now: pruning keeps the entries used last. */
export function useCachedCodeBuild(
  cache: CodeCache,
  fingerprint: string,
  refused?: (why: string) => void,
): string | null {
  const dir = cachedCodeBuild(cache, fingerprint, refused);
  if (!dir) return null;
  try {
    const now = new Date();
    fs.utimesSync(dir, now, now);
    return dir;
  } catch {
    // Pruned by another start this moment.
    return null;
  }
}

/**
 * Keeps a copy of `buildDir` (a fresh `astro build` of the code with this fingerprint) without the
 * pages its data made. It appears whole or not at all: it is made under another name and renamed.
 */
export async function keepCodeBuild(
  cache: CodeCache,
  fingerprint: string,
  buildDir: string,
  dataPages: readonly string[],
): Promise<void> {
  // An entry of this name that is not trusted stays: the start that found it said so, and replacing
  // it would only race the one who put it there.
  if (entryExists(cache, fingerprint)) return;
  const { dir: cacheDir } = cache;
  fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const owned = ownershipProblem(fs.lstatSync(cacheDir), serverUid());
  if (owned) throw new Error(`BUILD_CACHE_DIR cannot be trusted: ${owned}`);
  const incoming = path.join(cacheDir, `${INCOMING}${process.pid}-${Date.now()}`);
  try {
    await linkTree(buildDir, incoming);
    removeDataPages(path.join(incoming, 'client'), dataPages);
    clearDigests(incoming);
    sealEntry(incoming, fingerprint, cache.key);
    // Another start may have kept the same code meanwhile: then its entry stays and this one goes.
    fs.renameSync(incoming, path.join(cacheDir, entryName(cache, fingerprint)));
  } catch (error) {
    await removeTree(incoming);
    if (!entryExists(cache, fingerprint)) throw error;
  }
  await pruneCache(cacheDir);
}

/**
 * Removes the data pages' files, deepest first, and each folder they leave empty; a folder that
 * still holds a page of the code alone (or its assets) stays.
 */
function removeDataPages(client: string, pathnames: readonly string[]): void {
  const files = pathnames.map((pathname) => path.join(client, outputFile(pathname, /\.[a-z]+$/.test(pathname))));
  files.sort((a, b) => b.split(path.sep).length - a.split(path.sep).length);
  for (const file of files) {
    fs.rmSync(file, { force: true });
    for (let dir = path.dirname(file); dir.startsWith(`${client}${path.sep}`); dir = path.dirname(dir)) {
      try {
        fs.rmdirSync(dir);
      } catch {
        break;
      }
    }
  }
}

/** Keeps the entries used last (other code and settings are seldom started again) and drops abandoned half-made ones. */
async function pruneCache(cacheDir: string): Promise<void> {
  const entries = fs
    .readdirSync(cacheDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    // An entry another start removes meanwhile is simply not there.
    .flatMap((entry) => {
      const stat = fs.statSync(path.join(cacheDir, entry.name), { throwIfNoEntry: false });
      return stat ? [{ name: entry.name, mtime: stat.mtimeMs }] : [];
    });
  const kept = entries.filter((e) => !e.name.startsWith(INCOMING)).sort((a, b) => b.mtime - a.mtime);
  const abandoned = entries.filter((e) => e.name.startsWith(INCOMING) && e.mtime < Date.now() - ABANDONED_MS);
  for (const entry of [...kept.slice(KEEP_ENTRIES), ...abandoned]) await removeTree(path.join(cacheDir, entry.name));
}
