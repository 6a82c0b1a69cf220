import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where this process's server code was compiled to (scripts/serverCode.mjs), or null when it runs
 * from the sources (the tests' own process, tsx scripts, `astro dev`). Each module is compiled to a
 * file of its own there; Astro's bundles of a build made by this process import those very files
 * (docs/decisions/0039-one-copy-of-the-code.md), so the build is made for this folder.
 */
let found: string | null | undefined;

/** The file at the root of a compile of the server code (SERVER_CODE_MARK in scripts/serverCode.mjs). */
const MARK = 'server-code.json';

export function serverCodeDir(): string | null {
  if (found !== undefined) return found;
  found = null;
  // This module's code sits in the compile's root, a chunk folder or a module's folder: a few levels at most.
  for (let dir = path.dirname(fileURLToPath(import.meta.url)), up = 0; up < 6; up++, dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, MARK))) {
      found = dir;
      break;
    }
  }
  return found;
}

/** The compiled file of a server module (a path inside src/ without `.ts`), or null from the sources. */
export function compiledModule(module: string): string | null {
  const dir = serverCodeDir();
  return dir && path.join(dir, `${module}.mjs`);
}

/**
 * A compile that no process has marked as used for an hour is removed by the next compile
 * (KEEP_OLD_COMPILES_MS in scripts/serverCode.mjs). Astro's routes load their modules at their first
 * request, so a server marks its compile as used while it runs; the timer never holds the process.
 */
export function keepServerCodeInUse(everyMs = 10 * 60_000): () => void {
  const dir = serverCodeDir();
  if (!dir) return () => {};
  const mark = () => {
    try {
      const now = new Date();
      fs.utimesSync(dir, now, now);
    } catch {
      // Gone: nothing is left to keep.
    }
  };
  mark();
  const timer = setInterval(mark, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
