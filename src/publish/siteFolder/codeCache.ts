import fs from 'node:fs';
import path from 'node:path';
import { clearDigests } from '../builder/buildSite';
import { fingerprintOf } from '../builder/fingerprint';
import { outputFile } from '../render/pageRenderer';
import { linkTree, removeTree } from './links';

/**
 * Builds of this code kept for starts in other DATA_DIRs on the same machine (BUILD_CACHE_DIR,
 * docs/publishing.md, "The code cache"): a start whose DATA_DIR has no build of its code copies the
 * cached one and renders every page of its own data into it in-process, where it would otherwise
 * run a whole `astro build` (10–14 s on two cores, most of a start). Each entry is one `astro build`
 * with its data pages removed, named by the code fingerprint it was made from, so a build of other
 * code or other public settings is never found. Entries are hard links: the folder must be on the
 * DATA_DIRs' file system, or nothing is kept and every start builds.
 */
const KEEP_ENTRIES = 4;
/** A half-made entry older than this was left by a process that died. */
const ABANDONED_MS = 60 * 60_000;
const INCOMING = '.incoming-';

/** The cached build of the code with this fingerprint, or null when there is none. */
export function cachedCodeBuild(cacheDir: string, fingerprint: string): string | null {
  const dir = path.join(cacheDir, fingerprint);
  return fingerprintOf(dir) === fingerprint ? dir : null;
}

/** The cached build, marked as used now: pruning keeps the entries used last. */
export function useCachedCodeBuild(cacheDir: string, fingerprint: string): string | null {
  const dir = cachedCodeBuild(cacheDir, fingerprint);
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
  cacheDir: string,
  fingerprint: string,
  buildDir: string,
  dataPages: readonly string[],
): Promise<void> {
  if (cachedCodeBuild(cacheDir, fingerprint)) return;
  fs.mkdirSync(cacheDir, { recursive: true });
  const incoming = path.join(cacheDir, `${INCOMING}${process.pid}-${Date.now()}`);
  try {
    await linkTree(buildDir, incoming);
    removeDataPages(path.join(incoming, 'client'), dataPages);
    clearDigests(incoming);
    // Another start may have kept the same code meanwhile: then its entry stays and this one goes.
    fs.renameSync(incoming, path.join(cacheDir, fingerprint));
  } catch (error) {
    await removeTree(incoming);
    if (!cachedCodeBuild(cacheDir, fingerprint)) throw error;
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
