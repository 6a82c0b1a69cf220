import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The worker threads the publisher starts; scripts/compileServer.mjs compiles each beside the server. */
export type WorkerName = 'compressWorker' | 'linkWorker';

/**
 * The file a worker thread runs. A server compiled by scripts/compileServer.mjs has each worker
 * compiled beside its own code; run from the sources (the tests, `astro dev`) it is the TypeScript
 * file, which Node strips of its types itself. Compiled matters for memory: a worker started on a
 * .ts file loads Node's type stripper, a WebAssembly module, into its own isolate: 35 MiB resident
 * for an idle worker instead of 18.
 */
export function workerFile(name: WorkerName): string {
  const compiled = fileURLToPath(new URL(`./${name}.mjs`, import.meta.url));
  if (fs.existsSync(compiled)) return compiled;
  // Found from the project folder: the sources are not beside a compiled server.
  return path.resolve(`src/publish/siteFolder/${name}.ts`);
}
