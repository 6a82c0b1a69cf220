import { createRequire } from 'node:module';

/**
 * Loads an ES module with Node's own loader, past any module runner in between (Vite's, while
 * `astro build` loads the config; Vitest's, in tests): the prerender bundle must be the very module
 * Astro's own code imports, and a runner would load a second copy of it. Node's require() of an ES
 * module shares the module cache with import() (Node 22.12 and later); a bundle with top-level
 * await would be refused, and the caller then does without it.
 */
const requireNatively = createRequire(import.meta.url);

export function loadNatively(file: string): unknown {
  return requireNatively(file);
}
