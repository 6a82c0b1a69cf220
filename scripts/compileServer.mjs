/**
 * Compiles a server entry (scripts/start.ts, or a test's entry) to plain JavaScript, so that the
 * server runs on Node alone. Under tsx's loader the process carried a second V8 isolate for the
 * loader's hooks thread and, on any cache miss, esbuild's service process beside it: together 30 to
 * 50 MiB of a server that must fit in 512 MiB at 5,000 trainings (docs/performance.md).
 *
 * Our server modules are compiled once, one file each (scripts/serverCode.mjs), and the entry
 * imports them from there, as Astro's routes of the same process do: one copy of each module per
 * process (docs/decisions/0039-one-copy-of-the-code.md). Packages stay in node_modules. What the
 * entry bundles of its own (scripts/, a test's switches) runs first, so it can set the process up
 * (NODE_ENV) before the app, and the packages it imports, are loaded by a dynamic import().
 *
 * Each compile goes to a folder named by its own content, so processes starting at once (tests,
 * two instances) never read a half-written file and a running server's files are never replaced.
 *
 * `node scripts/compileServer.mjs ENTRY` prints the compiled entry's path (package.json's start).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { COMPILED_DIR, compileServerCode, isServerModule, writeCompile } from './serverCode.mjs';

export { COMPILED_DIR };

/**
 * @param {string} entry a TypeScript entry, relative to the project
 * @param {string} [root] the project folder (the current directory)
 * @returns {Promise<string>} the compiled entry's absolute path
 */
export async function compileServer(entry, root = process.cwd()) {
  const name = path.basename(entry).replace(/\.[cm]?[jt]sx?$/, '');
  const codeDir = await compileServerCode(root);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { [name]: entry },
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
    plugins: [importServerCode(root, codeDir)],
  });
  const dir = writeCompile(root, name, result.outputFiles, path.join(root, COMPILED_DIR));
  return path.join(dir, `${name}.mjs`);
}

/** The entry's imports of server modules become imports of their compiled files (beside the entry's folder). */
function importServerCode(root, codeDir) {
  return {
    name: 'import-server-code',
    setup(build) {
      build.onResolve({ filter: /^(\.|#src\/)/ }, async (args) => {
        if (args.pluginData?.inner) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (resolved.errors.length || resolved.external) return resolved.errors.length ? undefined : resolved;
        const rel = path.relative(root, resolved.path).split(path.sep).join('/');
        if (!isServerModule(rel, root)) return { path: resolved.path };
        const compiled = path.join(codeDir, `${rel.slice('src/'.length, -'.ts'.length)}.mjs`);
        // The entry's files sit one folder below COMPILED_DIR, as the code's folder does.
        return {
          path: `../${path.basename(codeDir)}/${path.relative(codeDir, compiled).split(path.sep).join('/')}`,
          external: true,
        };
      });
    },
  };
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
