/**
 * `npm test` (README.md): types, lint and format; unit; integration on the embedded database and,
 * when TEST_DATABASE_URL is set, on that PostgreSQL server too; then the browser tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-test-reports-'));
const totals = { passed: 0, failed: 0 };
const lines: string[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}, report?: string) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts = '';
  if (report && fs.existsSync(report)) {
    const data = JSON.parse(fs.readFileSync(report, 'utf8'));
    const passed = data.numPassedTests ?? data.stats?.expected ?? 0;
    const failed = (data.numFailedTests ?? 0) + (data.stats?.unexpected ?? 0);
    totals.passed += passed;
    totals.failed += failed;
    counts = `: ${passed} passed, ${failed} failed`;
  }
  lines.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${name}${counts} (${seconds} s)`);
  if (result.status !== 0) finish(result.status ?? 1);
}

function finish(code: number) {
  console.log(`\n=== Summary ===\n${lines.join('\n')}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

const npx = 'npx';
const vitest = (name: string, projects: string[], env: Record<string, string> = {}) => {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const selection = projects.flatMap((project) => ['--project', project]);
  // One worker: the integration files share one server, and builds need the second core.
  const args = ['vitest', 'run', ...selection, '--maxWorkers=1', '--reporter=default', '--reporter=json'];
  run(name, npx, [...args, `--outputFile.json=${report}`], env, report);
};

run('check: astro check, eslint, prettier', 'npm', ['run', 'check']);
vitest('unit tests', ['unit']);
vitest('integration and publishing tests (embedded PGlite)', ['integration', 'publishing'], {
  TEST_DB_TARGET: 'embedded',
});
if (process.env.TEST_DATABASE_URL) {
  vitest('integration and publishing tests (PostgreSQL server)', ['integration', 'publishing'], {
    TEST_DB_TARGET: 'postgres',
  });
} else {
  lines.push('skip integration tests (PostgreSQL server): TEST_DATABASE_URL is not set');
}
const e2eReport = path.join(reports, 'e2e.json');
run(
  'browser tests (Playwright)',
  npx,
  ['playwright', 'test', '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  e2eReport,
);
finish(0);
