/**
 * Compiles a server entry (scripts/start.ts, or a test's entry) to plain JavaScript, so that the
 * server runs on Node alone. Under tsx's loader the process carried a second V8 isolate for the
 * loader's hooks thread and, on any cache miss, esbuild's service process beside it: together 30 to
 * 50 MiB of a server that must fit in 512 MiB at 5,000 trainings (docs/performance.md).
 *
 * Packages stay in node_modules (only our own sources are bundled). The output is split into
 * chunks so that an entry can set the process up (NODE_ENV) before the chunk holding the app, and
 * the packages it imports, is loaded by a dynamic import(): in one ES module file every imported
 * package would be evaluated before the entry's first line.
 *
 * Each compile goes to a folder named by its own content, written beside it and renamed into
 * place, so processes starting at once (tests, two instances) never read a half-written file and
 * a running server's lazily loaded chunks are never replaced under it.
 *
 * `node scripts/compileServer.mjs ENTRY` prints the compiled entry's path (package.json's start).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const COMPILED_DIR = '.build/server';

/**
 * The worker threads a server starts, compiled beside its entry under these names (where the
 * project has them): src/publish/siteFolder/workerFile.ts finds them there. Started on their .ts
 * sources, each worker would load Node's type stripper into its own isolate (17 MiB resident).
 */
export const WORKER_ENTRIES = {
  compressWorker: 'src/publish/siteFolder/compressWorker.ts',
  linkWorker: 'src/publish/siteFolder/linkWorker.ts',
};

/**
 * A compile of the same entry older than this is removed by the next compile. A server loads all
 * its chunks as it starts (our sources import nothing of their own lazily), so an older folder is
 * never needed by a running server.
 */
const KEEP_OLD_COMPILES_MS = 60 * 60 * 1000;

/**
 * @param {string} entry a TypeScript entry, relative to the project
 * @param {string} [root] the project folder (the current directory)
 * @returns {Promise<string>} the compiled entry's absolute path
 */
export async function compileServer(entry, root = process.cwd()) {
  const name = path.basename(entry).replace(/\.[cm]?[jt]sx?$/, '');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { ...presentWorkers(root), [name]: entry },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    packages: 'external',
    outdir: COMPILED_DIR,
    outExtension: { '.js': '.mjs' },
    keepNames: true,
    write: false,
    logLevel: 'warning',
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(path.relative(root, file.path)).update(file.contents);
  const dir = path.join(root, COMPILED_DIR, `${name}-${hash.digest('hex').slice(0, 12)}`);
  if (!fs.existsSync(dir)) {
    const staging = `${dir}.${process.pid}.tmp`;
    fs.rmSync(staging, { recursive: true, force: true });
    for (const file of result.outputFiles) {
      const target = path.join(staging, path.relative(path.join(root, COMPILED_DIR), file.path));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.contents);
    }
    try {
      fs.renameSync(staging, dir);
    } catch (error) {
      // Another process put the same compile there first.
      fs.rmSync(staging, { recursive: true, force: true });
      if (!fs.existsSync(dir)) throw error;
    }
  }
  const now = new Date();
  fs.utimesSync(dir, now, now);
  removeOldCompiles(path.dirname(dir), name, now.getTime());
  return path.join(dir, `${name}.mjs`);
}

function presentWorkers(root) {
  return Object.fromEntries(Object.entries(WORKER_ENTRIES).filter(([, file]) => fs.existsSync(path.join(root, file))));
}

/** Earlier compiles of this entry (and staging folders left by a crash), once they are old. */
function removeOldCompiles(parent, name, now) {
  for (const other of fs.readdirSync(parent)) {
    if (!other.startsWith(`${name}-`)) continue;
    const full = path.join(parent, other);
    try {
      if (now - fs.statSync(full).mtimeMs > KEEP_OLD_COMPILES_MS) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

// Run as a script (any Node.js from 22.12, so not import.meta.main), not imported.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = process.argv[2];
  if (!entry) {
    console.error('usage: node scripts/compileServer.mjs ENTRY.ts');
    process.exit(2);
  }
  try {
    process.stdout.write(`${await compileServer(entry)}\n`);
  } catch (error) {
    console.error(`Could not compile ${entry}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
