import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The code cache every test server of a run shares (BUILD_CACHE_DIR; docs/testing.md, Build once;
 * docs/decisions/0036-code-cache-trust.md): a folder made with mkdtemp (mode 0700, a name nobody
 * can guess or make first), and the secrets key its entries are sealed with. The first process of a
 * run that needs them makes them (scripts/test.ts for `npm test`, else a vitest or Playwright global
 * setup) and hands them on through the environment, so vitest's workers, the two database runs and
 * the browser tests find the same cache. The key is in the environment only, never in the cache.
 */
export interface TestBuildCache {
  dir: string;
  /** A secrets key (base64url), as DATA_DIR/secrets.key holds one. */
  key: string;
}

const CACHE_DIR_VAR = 'TEST_BUILD_CACHE';
const CACHE_KEY_VAR = 'TEST_BUILD_CACHE_KEY';

/**
 * The run's cache, made now if this process is the first to need it. Returns the cache and the
 * removal of what this call made (nothing when it was handed on).
 */
export function ensureTestBuildCache(): { cache: TestBuildCache; remove: () => void } {
  const handed = { dir: process.env[CACHE_DIR_VAR], key: process.env[CACHE_KEY_VAR] };
  if (handed.dir && handed.key) return { cache: { dir: handed.dir, key: handed.key }, remove: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-test-build-cache-'));
  fs.chmodSync(dir, 0o700);
  const cache = { dir, key: randomBytes(32).toString('base64url') };
  process.env[CACHE_DIR_VAR] = cache.dir;
  process.env[CACHE_KEY_VAR] = cache.key;
  return { cache, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The run's cache; a process started on its own (a script) makes one for itself, removed at its exit. */
export function testBuildCache(): TestBuildCache {
  const { cache, remove } = ensureTestBuildCache();
  process.once('exit', remove);
  return cache;
}

/**
 * Gives a fresh DATA_DIR the run's secrets key, as an operator gives every instance one key: the
 * cache's entries are sealed with it. A DATA_DIR that has a key keeps it.
 */
export function giveSecretsKey(dataDir: string, cache: TestBuildCache): void {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(path.join(dataDir, 'secrets.key'), `${cache.key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
