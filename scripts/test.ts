/**
 * `npm test` (README.md, docs/testing.md): types, lint and format side by side with the unit tests;
 * integration on the embedded database and, when TEST_DATABASE_URL is set, on that PostgreSQL
 * server too (each file on the targets tests/support/databaseTouches.ts gives it); then the browser
 * tests. Prints each phase's time and writes the slowest test files to test-results/timings.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playwrightTimings, slowest, vitestTimings, type FileTiming } from './testTimings';
import { ensureTestBuildCache } from '../tests/support/buildCache';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-test-reports-'));
// One private code cache for every phase (tests/support/buildCache.ts): its folder and key go to
// the phases through the environment they inherit, and it is removed at the end.
const buildCache = ensureTestBuildCache();
const totals = { passed: 0, failed: 0 };
const lines: string[] = [];
const phases: { name: string; seconds: number; ok: boolean }[] = [];
const timings: FileTiming[] = [];
const started = Date.now();

interface Phase {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  report?: { path: string; kind: 'vitest' | 'playwright' };
}

/** Runs a phase; `quiet` keeps its output until it ends (for a phase beside another), else streams it. */
function run(phase: Phase, quiet = false): Promise<boolean> {
  if (!quiet) console.log(`\n=== ${phase.name} ===`);
  const begun = Date.now();
  const child = spawn(phase.command, phase.args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...phase.env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = Number(((Date.now() - begun) / 1000).toFixed(1));
      if (quiet) console.log(`\n=== ${phase.name} ===\n${output}`);
      const counts = readReport(phase);
      const ok = code === 0;
      phases.push({ name: phase.name, seconds, ok });
      lines.push(`${ok ? 'ok  ' : 'FAIL'} ${phase.name}${counts} (${seconds} s)`);
      resolve(ok);
    });
  });
}

function readReport(phase: Phase): string {
  if (!phase.report || !fs.existsSync(phase.report.path)) return '';
  const data = JSON.parse(fs.readFileSync(phase.report.path, 'utf8'));
  const passed = data.numPassedTests ?? data.stats?.expected ?? 0;
  const failed = (data.numFailedTests ?? 0) + (data.stats?.unexpected ?? 0);
  totals.passed += passed;
  totals.failed += failed;
  timings.push(
    ...(phase.report.kind === 'vitest' ? vitestTimings(phase.name, data) : playwrightTimings(phase.name, data)),
  );
  return `: ${passed} passed, ${failed} failed`;
}

function finish(code: number): never {
  buildCache.remove();
  const totalSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync(
    'test-results/timings.json',
    `${JSON.stringify({ totalSeconds, phases, slowestFiles: slowest(timings, 20) }, null, 2)}\n`,
  );
  console.log(`\n=== Summary ===\n${lines.join('\n')}`);
  console.log(
    `${totals.passed} passed, ${totals.failed} failed (${totalSeconds} s; slowest files: test-results/timings.json)`,
  );
  process.exit(code);
}

const vitest = (name: string, projects: string[], env: Record<string, string> = {}): Phase => {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const selection = projects.flatMap((project) => ['--project', project]);
  // One worker: the integration files share one server, and builds need the second core.
  const args = ['vitest', 'run', ...selection, '--maxWorkers=1', '--reporter=default', '--reporter=json'];
  return {
    name,
    command: 'npx',
    args: [...args, `--outputFile.json=${report}`],
    env,
    report: { path: report, kind: 'vitest' },
  };
};

// Side by side: the check is one process on one core, and the unit tests take the other.
const firstPhases = await Promise.all([
  run({ name: 'check: astro check, eslint, prettier', command: 'npm', args: ['run', 'check'] }, true),
  run(vitest('unit tests', ['unit']), true),
]);
if (firstPhases.includes(false)) finish(1);

// With both targets, each file runs on the targets tests/support/databaseTouches.ts gives it, and
// the two targets run side by side (docs/testing.md, Using both cores): much of each is waiting (a
// server starting, a publish, a slow client's deadline), which the other fills.
const both = Boolean(process.env.TEST_DATABASE_URL);
const split: Record<string, string> = both ? { TEST_DB_SPLIT: '1' } : {};
const databasePhases = [
  vitest('integration and publishing tests (embedded PGlite)', ['integration', 'publishing'], {
    TEST_DB_TARGET: 'embedded',
    ...split,
  }),
  ...(both
    ? [
        vitest('integration and publishing tests (PostgreSQL server)', ['integration', 'publishing'], {
          TEST_DB_TARGET: 'postgres',
          ...split,
        }),
      ]
    : []),
];
if (!both) lines.push('skip integration tests (PostgreSQL server): TEST_DATABASE_URL is not set');
const databaseResults = await Promise.all(databasePhases.map((phase) => run(phase, databasePhases.length > 1)));
if (databaseResults.includes(false)) finish(1);
const e2eReport = path.join(reports, 'e2e.json');
const e2eOk = await run({
  name: 'browser tests (Playwright)',
  command: 'npx',
  args: ['playwright', 'test', '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  report: { path: e2eReport, kind: 'playwright' },
});
finish(e2eOk ? 0 : 1);
