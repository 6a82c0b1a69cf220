import type { TestProject } from 'vitest/node';
import { ensureTestBuildCache } from './buildCache';

declare module 'vitest' {
  export interface ProvidedContext {
    buildCacheEnv: Record<string, string>;
  }
}

/**
 * Vitest's global setup of the projects that start servers (vitest.config.ts): the run's code cache
 * (tests/support/buildCache.ts), made here unless scripts/test.ts handed one on, and given to the
 * workers (tests/support/buildCacheEnv.ts). Removed after the run if it was made here.
 */
export default function setup(project: TestProject) {
  const { cache, remove } = ensureTestBuildCache();
  project.provide('buildCacheEnv', { TEST_BUILD_CACHE: cache.dir, TEST_BUILD_CACHE_KEY: cache.key });
  return remove;
}
