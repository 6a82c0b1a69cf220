import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

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

/**
 * The same module by import(), for the server: under `npm start` (Node with tsx's hooks), require()
 * of a bundle's `.mjs` goes through tsx's CommonJS hook, which hands each file to esbuild, whose
 * service process then stays beside the server for its whole life (some 17 MiB) and the bundle is
 * compiled a second time at every start. import() leaves plain JavaScript to Node. Inside a module
 * runner (a test) use loadNatively: there import() is the runner's.
 */
export function importNatively(file: string): Promise<unknown> {
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}
