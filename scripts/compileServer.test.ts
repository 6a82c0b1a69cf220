import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { COMPILED_DIR, compileServer } from './compileServer.mjs';
import { isServerModule, SERVER_CODE_MARK } from './serverCode.mjs';

/**
 * A project folder with an entry that sets up the process before importing its app, as scripts/start.ts
 * does, and server modules in src/: a counter (module state) and a page of Astro's own, which only
 * Astro compiles.
 */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-compile-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('scripts/setup.ts', "process.env.COMPILE_TEST_MODE ??= 'set first';\n");
  write('src/app.ts', 'export const seenMode: string | undefined = process.env.COMPILE_TEST_MODE;\n');
  write('src/data/counter.ts', 'let count = 0;\nexport const next = (): number => ++count;\n');
  write('src/pages/index.ts', "import { next } from '../data/counter';\nexport const fromPage = next;\n");
  write('src/http/routes.ts', "export const routes = import.meta.glob('../pages/**/*.ts');\n");
  write(
    'scripts/entry.ts',
    "import './setup';\nconst { seenMode } = await import('../src/app');\nexport { next } from '../src/data/counter';\nexport const result: string = `app saw: ${seenMode}`;\n",
  );
  return root;
}

/** The one compile of the server code beside an entry's compile. */
const codeDirOf = (compiled: string) =>
  path.join(
    path.dirname(path.dirname(compiled)),
    fs.readdirSync(path.dirname(path.dirname(compiled))).find((name) => name.startsWith('code-'))!,
  );

test('an entry compiles to plain JavaScript that runs on Node alone, its set-up first', async () => {
  const root = project();
  const compiled = await compileServer('scripts/entry.ts', root);
  expect(compiled.startsWith(path.join(root, COMPILED_DIR, 'entry-'))).toBe(true);
  delete process.env.COMPILE_TEST_MODE;
  const { result } = (await import(pathToFileURL(compiled).href)) as { result: string };
  expect(result).toBe('app saw: set first');
  // The same sources compile to the same folder.
  expect(await compileServer('scripts/entry.ts', root)).toBe(compiled);
});

test('the entry imports each server module from the compiled server code: another importer of that file shares its state', async () => {
  const root = project();
  const compiled = await compileServer('scripts/entry.ts', root);
  const code = codeDirOf(compiled);
  expect(fs.existsSync(path.join(code, SERVER_CODE_MARK))).toBe(true);
  // As Astro's bundles do (scripts/serverCode.mjs, oneCopyOfServerCode): the compiled file by its path.
  const { next: fromEntry } = (await import(pathToFileURL(compiled).href)) as { next: () => number };
  const { next: direct } = (await import(pathToFileURL(path.join(code, 'data/counter.mjs')).href)) as {
    next: () => number;
  };
  expect([fromEntry(), direct(), fromEntry()]).toEqual([1, 2, 3]);
  expect(fs.readFileSync(compiled, 'utf8')).not.toContain('count = 0');
});

test('what Astro compiles itself is no server module: the routes, and a module only Vite can compile', () => {
  const root = project();
  expect(isServerModule('src/data/counter.ts', root)).toBe(true);
  expect(isServerModule('src/pages/index.ts', root)).toBe(false);
  expect(isServerModule('src/http/routes.ts', root)).toBe(false);
  expect(isServerModule('scripts/setup.ts', root)).toBe(false);
});

test('a server module importing what only Astro compiles stops the compile: it would be a second copy', async () => {
  const root = project();
  fs.writeFileSync(path.join(root, 'src/data/uses-page.ts'), "export { fromPage } from '../pages/index';\n");
  await expect(compileServer('scripts/entry.ts', root)).rejects.toThrow(/src\/pages\/index\.ts/);
});

test('a compile removes the same entry’s compiles older than an hour, and keeps recent ones', async () => {
  const root = project();
  const parent = path.join(root, COMPILED_DIR);
  fs.mkdirSync(path.join(parent, 'entry-old'), { recursive: true });
  fs.mkdirSync(path.join(parent, 'entry-recent'));
  fs.mkdirSync(path.join(parent, 'other-old'));
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  fs.utimesSync(path.join(parent, 'entry-old'), twoHoursAgo, twoHoursAgo);
  fs.utimesSync(path.join(parent, 'other-old'), twoHoursAgo, twoHoursAgo);
  const compiled = await compileServer('scripts/entry.ts', root);
  expect(fs.readdirSync(parent).sort()).toEqual(
    [path.basename(path.dirname(compiled)), path.basename(codeDirOf(compiled)), 'entry-recent', 'other-old'].sort(),
  );
});

test('a worker thread the server starts is compiled with the server code, and runs on Node alone', async () => {
  const root = project();
  fs.mkdirSync(path.join(root, 'src/publish/siteFolder'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'src/publish/siteFolder/linkWorker.ts'),
    "import { parentPort } from 'node:worker_threads';\nconst greeting: string = 'compiled worker ready';\nparentPort!.postMessage(greeting);\n",
  );
  const compiled = await compileServer('scripts/entry.ts', root);
  const running = new Worker(path.join(codeDirOf(compiled), 'publish/siteFolder/linkWorker.mjs'), { execArgv: [] });
  const [message] = (await once(running, 'message')) as [string];
  await running.terminate();
  expect(message).toBe('compiled worker ready');
});
