import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileServer } from '../../scripts/compileServer.mjs';

/**
 * Starts the real product (`scripts/start.ts`, what `npm start` runs) on a free port with its own
 * DATA_DIR, as README.md asks of tests. Used by integration tests, Playwright and the benchmarks.
 */
export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/**
 * The code cache every test server shares (src/publish/siteFolder/codeCache.ts): one per checkout,
 * in the temporary folder, where the tests' DATA_DIRs are (its entries are hard links to theirs).
 */
export const TEST_BUILD_CACHE = path.join(
  os.tmpdir(),
  `emdr-test-build-cache-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}`,
);

export function tempDir(prefix = 'emdr-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startServer(
  opts: {
    dataDir?: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    /** Another way in to the same start (tests/support/*Start.ts), with its arguments. */
    entry?: string[];
    /**
     * Start from the tests' code cache (TEST_BUILD_CACHE): on by default, as no test looks at the
     * `astro build` a start makes once the first has made it. A benchmark, measuring a start as an
     * operator's (who sets no BUILD_CACHE_DIR), turns it off.
     */
    buildCache?: boolean;
  } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? tempDir();
  // As `npm start` runs it (package.json): compiled to JavaScript, with its Node flags and allocator
  // settings, in this very process (no launcher between): a test's SIGKILL must reach the server.
  const { nodeOptions, malloc } = serverProcessConfig();
  const [entry = 'scripts/start.ts', ...args] = opts.entry ?? [];
  const compiled = await compiledEntry(entry);
  const child = spawn(process.execPath, [...nodeOptions, compiled, ...args], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      ...malloc,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BUILD_CACHE_DIR: opts.buildCache === false ? '' : TEST_BUILD_CACHE,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output}`)),
      opts.timeoutMs ?? 120_000,
    );
    const check = () => {
      const match = output.match(/running at (http:\/\/[^\s/]+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits until `check` returns a truthy value, polling; fails with the last seen value. */
export async function waitFor<T>(check: () => Promise<T>, timeoutMs = 60_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The server's Node flags and allocator settings, from package.json's `config` (what `npm start` uses). */
export function serverProcessConfig(): { nodeOptions: string[]; malloc: Record<string, string> } {
  const { config } = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as {
    config: { server_node_options: string; server_malloc: string };
  };
  return {
    nodeOptions: config.server_node_options.split(/\s+/).filter(Boolean),
    malloc: Object.fromEntries(
      config.server_malloc
        .split(/\s+/)
        .filter(Boolean)
        .map((kv) => kv.split('=') as [string, string]),
    ),
  };
}

const compiled = new Map<string, Promise<string>>();

/** A server entry compiled as `npm start` compiles scripts/start.ts, once per test process. */
function compiledEntry(entry: string): Promise<string> {
  let done = compiled.get(entry);
  if (!done) compiled.set(entry, (done = compileServer(entry)));
  return done;
}
