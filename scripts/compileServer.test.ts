import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { COMPILED_DIR, compileServer, WORKER_ENTRIES } from './compileServer.mjs';

/** A project folder with an entry that sets up the process before importing its app, as scripts/start.ts does. */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-compile-'));
  fs.writeFileSync(path.join(root, 'setup.ts'), "process.env.COMPILE_TEST_MODE ??= 'set first';\n");
  fs.writeFileSync(
    path.join(root, 'app.ts'),
    'export const seenMode: string | undefined = process.env.COMPILE_TEST_MODE;\n',
  );
  fs.writeFileSync(
    path.join(root, 'entry.ts'),
    "import './setup';\nconst { seenMode } = await import('./app');\nexport const result: string = `app saw: ${seenMode}`;\n",
  );
  return root;
}

test('an entry compiles to plain JavaScript that runs on Node alone, its set-up first', async () => {
  const root = project();
  const compiled = await compileServer('entry.ts', root);
  expect(compiled.startsWith(path.join(root, COMPILED_DIR, 'entry-'))).toBe(true);
  delete process.env.COMPILE_TEST_MODE;
  const { result } = (await import(pathToFileURL(compiled).href)) as { result: string };
  expect(result).toBe('app saw: set first');
  // The same sources compile to the same folder.
  expect(await compileServer('entry.ts', root)).toBe(compiled);
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
  const compiled = await compileServer('entry.ts', root);
  expect(fs.readdirSync(parent).sort()).toEqual(
    [path.basename(path.dirname(compiled)), 'entry-recent', 'other-old'].sort(),
  );
});

test('the worker threads a server starts are compiled beside it, and run on Node alone', async () => {
  const root = project();
  const source = path.join(root, WORKER_ENTRIES.linkWorker);
  fs.mkdirSync(path.dirname(source), { recursive: true });
  fs.writeFileSync(
    source,
    "import { parentPort } from 'node:worker_threads';\nconst greeting: string = 'compiled worker ready';\nparentPort!.postMessage(greeting);\n",
  );
  const compiled = await compileServer('entry.ts', root);
  const worker = path.join(path.dirname(compiled), 'linkWorker.mjs');
  // Only the workers the project has: this one has no compress worker.
  expect(fs.existsSync(path.join(path.dirname(compiled), 'compressWorker.mjs'))).toBe(false);
  const running = new Worker(worker, { execArgv: [] });
  const [message] = (await once(running, 'message')) as [string];
  await running.terminate();
  expect(message).toBe('compiled worker ready');
});
