import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface BuildResult {
  ok: boolean;
  log: string;
  rendered: number;
  restored: number;
  ms: number;
}

/**
 * Runs `astro build` in a child process into outDir from a snapshot file (issue 3). The child never
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
  return new Promise((resolve) => {
    const log = fs.createWriteStream(opts.logFile);
    const child = spawn(process.execPath, [astroBin, 'build'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        OUT_DIR: opts.outDir,
        ASTRO_CACHE_DIR: opts.cacheDir,
        SITE_DATA_FILE: opts.dataFile,
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    };
    const abort = () => child.kill('SIGTERM');
    opts.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
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
      });
    });
    child.on('error', (error) => {
      output += String(error);
    });
  });
}

/**
 * Builds live outside the project, but their server chunks import packages by name: a
 * `node_modules` link beside them lets Node's resolution find the project's dependencies.
 */
function linkDependencies(parentDir: string): void {
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
