import path from 'node:path';
import { compiledModule } from '../serverCode';

/** The worker threads the publisher starts: server modules of this folder, compiled with the rest. */
export type WorkerName = 'compressWorker' | 'linkWorker';

/**
 * The file a worker thread runs. A compiled server has each worker compiled with the rest of its
 * code (scripts/serverCode.mjs); run from the sources (the tests, `astro dev`) it is the TypeScript
 * file, which Node strips of its types itself. Compiled matters for memory: a worker started on a
 * .ts file loads Node's type stripper, a WebAssembly module, into its own isolate: 35 MiB resident
 * for an idle worker instead of 18.
 */
export function workerFile(name: WorkerName): string {
  // Found from the project folder: the sources are not beside a compiled server.
  return compiledModule(`publish/siteFolder/${name}`) ?? path.resolve(`src/publish/siteFolder/${name}.ts`);
}
