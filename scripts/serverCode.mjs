/**
 * One copy of the server code per process (docs/decisions/0039-one-copy-of-the-code.md). Our server
 * modules (everything in src/ that Astro need not compile itself) are compiled once, by esbuild, to
 * one file per module in `.build/server/code-<hash>/`. Every entry imports them from there: the
 * start script (scripts/compileServer.mjs), and Astro's own bundles, whose imports of those modules
 * this file's Vite plugin leaves as imports of the compiled files (SERVER_CODE_DIR, set by the
 * publisher for its `astro build`). Node loads a file once, so the routes, the page renderer and the
 * start script share one database pool, one link pacer, one logger, one lock table.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

export const COMPILED_DIR = '.build/server';

/** The file a compile of the server code holds at its root: how the code finds its own folder. */
export const SERVER_CODE_MARK = 'server-code.json';

/**
 * What Astro compiles itself: the routes, and the UI they render (.astro, React, the browser code);
 * src/middleware.ts is Astro's entry of its own.
 */
const ASTRO_COMPILES = /^src\/(pages|site|admin|ui|styles)\/|^src\/middleware\.ts$/;
/** What only Vite can compile (a module that lists the routes with import.meta.glob) stays in Astro's bundle. */
const VITE_ONLY = /import\.meta\.glob\b|from ['"]astro:/;

/** Whether a file of the project (a path relative to it, with forward slashes) is a server module. */
export function isServerModule(rel, root = process.cwd()) {
  if (!rel.startsWith('src/') || !rel.endsWith('.ts') || /\.(test|d)\.ts$/.test(rel) || ASTRO_COMPILES.test(rel))
    return false;
  return !VITE_ONLY.test(fs.readFileSync(path.join(root, rel), 'utf8'));
}

/** The server modules, by the name of their compiled file (their path in src/ without `.ts`). */
function serverModules(root) {
  const found = {};
  const visit = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const file = `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(file);
      else if (isServerModule(file, root)) found[file.slice('src/'.length, -'.ts'.length)] = file;
    }
  };
  if (fs.existsSync(path.join(root, 'src'))) visit('src');
  return found;
}

/**
 * A package's JSON file (a map's shapes) is bundled: Node imports JSON only with an import
 * attribute, which the sources do not write.
 */
const bundleJson = {
  name: 'bundle-json',
  setup(build) {
    build.onResolve({ filter: /\.json$/ }, (args) => ({
      path: createRequire(path.join(args.resolveDir, 'x.js')).resolve(args.path),
    }));
  },
};

/**
 * Compiles the server modules into a folder named by the compile's own content (the same sources
 * give the same folder) and returns its absolute path.
 */
export async function compileServerCode(root = process.cwd()) {
  const entryPoints = serverModules(root);
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    packages: 'external',
    outdir: path.join(COMPILED_DIR, 'code'),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    keepNames: true,
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [bundleJson],
  });
  // A source module bundled into another's file would be a second copy of it.
  const entries = new Set(Object.values(entryPoints));
  const inlined = Object.keys(result.metafile.inputs).filter((file) => file.startsWith('src/') && !entries.has(file));
  if (inlined.length)
    throw new Error(`server code imports what only Astro compiles: ${inlined.join(', ')} (scripts/serverCode.mjs)`);
  const base = path.join(root, COMPILED_DIR, 'code');
  return writeCompile(root, 'code', result.outputFiles, base, { [SERVER_CODE_MARK]: '{"compiledFrom":"src"}\n' });
}

/**
 * Writes a compile to `<COMPILED_DIR>/<name>-<hash of its content>`, staged beside it and renamed
 * into place, so processes starting at once (tests, two instances) never read a half-written file
 * and a running server's files are never replaced under it. Earlier compiles of the same name go
 * once nothing has used them for an hour (a running server marks its code as used: keepCodeFresh).
 */
export function writeCompile(root, name, outputFiles, base, extraFiles = {}) {
  const hash = createHash('sha256');
  for (const file of outputFiles) hash.update(path.relative(base, file.path)).update(file.contents);
  for (const [file, text] of Object.entries(extraFiles)) hash.update(file).update(text);
  const dir = path.join(root, COMPILED_DIR, `${name}-${hash.digest('hex').slice(0, 12)}`);
  if (!fs.existsSync(dir)) {
    const staging = `${dir}.${process.pid}.tmp`;
    fs.rmSync(staging, { recursive: true, force: true });
    const write = (rel, contents) => {
      fs.mkdirSync(path.dirname(path.join(staging, rel)), { recursive: true });
      fs.writeFileSync(path.join(staging, rel), contents);
    };
    for (const file of outputFiles) write(path.relative(base, file.path), file.contents);
    for (const [file, text] of Object.entries(extraFiles)) write(file, text);
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
  return dir;
}

/**
 * A compile of the same name not used for this long is removed by the next compile. Astro's routes
 * load the server code lazily (a page's module at its first request), so a running server marks its
 * compile as used more often than this (src/publish/builder/serverCode.ts).
 */
const KEEP_OLD_COMPILES_MS = 60 * 60 * 1000;

/** Earlier compiles of this name (and staging folders left by a crash), once they are old. */
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

/**
 * The Vite plugin for astro.config.mjs: in Astro's server and prerender bundles, an import of a
 * server module becomes an import of its compiled file in `codeDir` (by absolute path: a build
 * lives in DATA_DIR, and the code cache copies it into other DATA_DIRs). Without `codeDir` (`astro
 * dev`, a build started from the sources, the CDN build) Astro bundles everything as usual.
 */
export function oneCopyOfServerCode(codeDir) {
  const root = process.cwd();
  const src = `${path.join(root, 'src')}${path.sep}`;
  return {
    name: 'emdr:one-copy-of-server-code',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => Boolean(codeDir) && ['ssr', 'prerender'].includes(environment.name),
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return null;
      const file = resolved.id.split('?')[0];
      if (!file.startsWith(src)) return null;
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (!isServerModule(rel, root)) return null;
      const compiled = path.join(codeDir, `${rel.slice('src/'.length, -'.ts'.length)}.mjs`);
      if (!fs.existsSync(compiled)) throw new Error(`${rel} is not in the compiled server code ${codeDir}`);
      return { id: compiled, external: 'absolute' };
    },
  };
}
