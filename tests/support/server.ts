import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { compileServer } from '../../scripts/compileServer.mjs';
import { giveSecretsKey, testBuildCache } from './buildCache';

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
     * Start from the run's code cache (tests/support/buildCache.ts, in the temporary folder where the
     * tests' DATA_DIRs are: its entries are hard links to theirs): on by default, as no test looks at
     * the `astro build` a start makes once the first has made it. The DATA_DIR gets the run's secrets
     * key, which seals the entries, unless the test sets SECRETS_KEY. A benchmark, measuring a start
     * as an operator's (who sets no BUILD_CACHE_DIR), turns it off.
     */
    buildCache?: boolean;
  } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? tempDir();
  const { port, env: origins, url: address } = await siteAddress(opts.env ?? {});
  const cache = opts.buildCache === false ? null : testBuildCache();
  if (cache && !(opts.env?.SECRETS_KEY ?? process.env.SECRETS_KEY)) giveSecretsKey(dataDir, cache);
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
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BUILD_CACHE_DIR: cache?.dir ?? '',
      ...opts.env,
      PORT: String(port),
      ...origins,
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
      if (/running at http:\/\/[^\s/]+\//.test(output)) {
        clearTimeout(timer);
        resolve(address);
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

/** A port free right now on 127.0.0.1, for a server that must know its address before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Where a test server is reached, and the settings that make that address one of the site's. The
 * same-origin check judges a request's Origin by SITE_URL and PASSKEY_ORIGINS only (docs/security.md,
 * Requests, origins and addresses), and the tests' SITE_URL is the public http://localhost:4321
 * while each server listens on a port of its own: a server whose SITE_URL is on localhost is reached
 * at http://localhost:{port}, listed in its PASSKEY_ORIGINS as an operator lists another origin of
 * the site, so a test's client (and a browser) sends that Origin. Any other SITE_URL is reached at
 * 127.0.0.1, and its test names the origins it sends.
 */
async function siteAddress(env: Record<string, string>) {
  const chosen = !env.PORT || env.PORT === '0';
  const port = chosen ? await freePort() : Number(env.PORT);
  // Unset, SITE_URL would follow the port we chose, and with it the code fingerprint: every server
  // would build. It stays what a start on any free port had, http://localhost:4321.
  const site =
    chosen && env.SITE_URL === undefined ? { SITE_URL: process.env.SITE_URL || 'http://localhost:4321' } : {};
  const siteUrl = env.SITE_URL || site.SITE_URL || `http://localhost:${port}`;
  if (new URL(siteUrl).hostname !== 'localhost') return { port, env: site, url: `http://127.0.0.1:${port}` };
  const url = `http://localhost:${port}`;
  const listed = (env.PASSKEY_ORIGINS ?? process.env.PASSKEY_ORIGINS ?? '').split(',').filter(Boolean);
  return { port, env: { ...site, PASSKEY_ORIGINS: [...new Set([...listed, url])].join(',') }, url };
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
