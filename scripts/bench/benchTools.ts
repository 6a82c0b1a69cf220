import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * What only the benchmarks use, pinned, kept out of the default install (`npm ci` stays quicker and
 * quieter, README.md): Lighthouse (with its Puppeteer) and autocannon. The first benchmark that needs
 * one installs them with `npm install --no-save` into a folder of their own, `.tools/bench/`
 * (git-ignored, outside node_modules so `npm ci` keeps it); later runs find them there.
 */
export const BENCH_TOOLS = { lighthouse: '13.5.0', autocannon: '9.0.0' } as const;
type BenchTool = keyof typeof BENCH_TOOLS;

export const BENCH_TOOLS_DIR = path.join(process.cwd(), '.tools', 'bench');

const packageDir = (name: BenchTool) => path.join(BENCH_TOOLS_DIR, 'node_modules', name);

function installedVersion(name: BenchTool): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return null;
  }
}

/** npm as the running npm script started it (on this project's Node), else the one on PATH. */
function npmCommand(): [string, string[]] {
  const cli = process.env.npm_execpath;
  return cli && cli.endsWith('.js') ? [process.execPath, [cli]] : ['npm', []];
}

export function ensureBenchTools(): void {
  const missing = (Object.keys(BENCH_TOOLS) as BenchTool[]).filter(
    (name) => installedVersion(name) !== BENCH_TOOLS[name],
  );
  if (missing.length === 0) return;
  fs.mkdirSync(BENCH_TOOLS_DIR, { recursive: true });
  const specs = Object.entries(BENCH_TOOLS).map(([name, version]) => `${name}@${version}`);
  console.log(`Installing the benchmarks' tools into .tools/bench (once): ${specs.join(', ')}`);
  const [command, prefix] = npmCommand();
  const run = spawnSync(
    command,
    [
      ...prefix,
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      BENCH_TOOLS_DIR,
      ...specs,
    ],
    { stdio: 'inherit' },
  );
  if (run.status !== 0)
    throw new Error(`npm install of the benchmarks' tools failed (exit ${run.status ?? run.signal})`);
}

/** A file of a benchmark tool, installed first if needed: `lighthouse` + `cli/index.js`, or a package's main. */
export function benchToolFile(name: BenchTool, file?: string): string {
  ensureBenchTools();
  return file ? path.join(packageDir(name), file) : createRequire(path.join(BENCH_TOOLS_DIR, 'index.js')).resolve(name);
}
