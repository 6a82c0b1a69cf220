import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { usageFromResourceUsage, type Usage } from './usage';
import { childEnv } from '../../settings';
import { serverCodeDir } from '../serverCode';

/**
 * How the build's child process runs (peak memory must stay under 800 MiB at N = 5,000). Rolldown's
 * native allocator (mimalloc) keeps the bundling phase's freed memory for later by default, which
 * held ~350 MiB through the whole prerender; purging at once returns it to the system. V8 sizes
 * its heap growth from the heap limit, which defaults to a quarter of the machine's memory: a fixed
 * limit keeps the heap near what it uses (≈300 MiB at N = 5,000) and still leaves room for far larger
 * sites. Measured at N = 5,000: peak ≈1,020 → ≈660 MiB, build time unchanged (docs/performance.md).
 */
export const BUILD_NODE_FLAGS = ['--max-old-space-size=1536'];
export const BUILD_ENV = { MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_EAGER_COMMIT: '0' } as const;

export interface BuildResult {
  ok: boolean;
  log: string;
  rendered: number;
  restored: number;
  ms: number;
  /** The child's CPU time and peak memory, when it could report them. */
  usage?: Usage;
}

/**
 * Runs `astro build` in a child process into outDir from a snapshot file. The child never
 * touches the database: the snapshot is its only input, so a build can't see half a change.
 */
export function runAstroBuild(opts: {
  outDir: string;
  dataFile: string;
  cacheDir: string;
  logFile: string;
  /** Aborting stops the child process; the result is then not ok. */
  signal?: AbortSignal;
}): Promise<BuildResult> {
  const started = Date.now();
  linkDependencies(path.dirname(path.resolve(opts.outDir)));
  const astroBin = path.resolve(process.cwd(), 'node_modules/astro/bin/astro.mjs');
  const reporter = path.resolve(process.cwd(), 'scripts/report-usage.mjs');
  return new Promise((resolve) => {
    const log = fs.createWriteStream(opts.logFile);
    const child = spawn(process.execPath, [...BUILD_NODE_FLAGS, '--import', reporter, astroBin, 'build'], {
      cwd: process.cwd(),
      env: childEnv({
        ...BUILD_ENV,
        OUT_DIR: opts.outDir,
        ASTRO_CACHE_DIR: opts.cacheDir,
        SITE_DATA_FILE: opts.dataFile,
        // Astro's bundles import our server modules from the code this process runs (astro.config.mjs).
        SERVER_CODE_DIR: serverCodeDir() ?? '',
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
      }),
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let usage = '';
    child.stdio[3]?.on('data', (chunk: Buffer) => (usage += chunk.toString()));
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    };
    const abort = () => child.kill('SIGTERM');
    opts.signal?.addEventListener('abort', abort, { once: true });
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('close', (code) => {
      opts.signal?.removeEventListener('abort', abort);
      log.end();
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      resolve({
        ok: code === 0 && !opts.signal?.aborted,
        log: plain,
        rendered: (plain.match(/\(\+\d+ms\)/g) ?? []).length,
        restored: (plain.match(/\(restored\)/g) ?? []).length,
        ms: Date.now() - started,
        usage: parseUsage(usage),
      });
    });
    child.on('error', (error) => {
      output += String(error);
    });
  });
}

function parseUsage(text: string): Usage | undefined {
  try {
    return usageFromResourceUsage(JSON.parse(text) as Parameters<typeof usageFromResourceUsage>[0]);
  } catch {
    return undefined;
  }
}

/**
 * Builds live outside the project, but their server chunks import packages by name: a
 * `node_modules` link beside them lets Node's resolution find the project's dependencies.
 */
export function linkDependencies(parentDir: string): void {
  const target = path.resolve(process.cwd(), 'node_modules');
  if (!path.relative(process.cwd(), parentDir).startsWith('..')) return;
  fs.mkdirSync(parentDir, { recursive: true });
  const link = path.join(parentDir, 'node_modules');
  try {
    if (fs.readlinkSync(link) === target) return;
    fs.rmSync(link, { force: true });
  } catch {
    // no link yet
  }
  fs.symlinkSync(target, link, 'dir');
}
