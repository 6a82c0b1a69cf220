/**
 * The time each test file took, read from the JSON reports `npm test` asks Vitest and Playwright
 * for, so `test-results/timings.json` can name the slowest files of a run (docs/testing.md).
 */
import path from 'node:path';

export interface FileTiming {
  /** The phase that ran it (the same file may run in two: the embedded and the PostgreSQL run). */
  phase: string;
  /** Relative to the repository. */
  file: string;
  seconds: number;
  tests: number;
}

interface VitestReport {
  testResults?: {
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { duration?: number | null }[];
  }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  config?: { rootDir?: string };
  suites?: PlaywrightSuite[];
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** A file's wall time in a Vitest report: its hooks and imports too, not only its tests. */
export function vitestTimings(phase: string, report: VitestReport, root = process.cwd()): FileTiming[] {
  return (report.testResults ?? []).map((result) => {
    const tests = result.assertionResults ?? [];
    const testsMs = tests.reduce((sum, t) => sum + (t.duration ?? 0), 0);
    const wallMs =
      result.startTime !== undefined && result.endTime !== undefined ? result.endTime - result.startTime : testsMs;
    return {
      phase,
      file: path.relative(root, result.name),
      seconds: seconds(Math.max(wallMs, testsMs)),
      tests: tests.length,
    };
  });
}

/** A spec file's time in a Playwright report: the sum of its tests' runs (one worker: they add up). */
export function playwrightTimings(phase: string, report: PlaywrightReport, root = process.cwd()): FileTiming[] {
  const byFile = new Map<string, { ms: number; tests: number }>();
  const visit = (suite: PlaywrightSuite, file: string | undefined) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const entry = byFile.get(here ?? '?') ?? { ms: 0, tests: 0 };
        entry.ms += (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        entry.tests += 1;
        byFile.set(here ?? '?', entry);
      }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, undefined);
  const testDir = report.config?.rootDir ?? path.join(root, 'tests/e2e');
  return [...byFile].map(([file, { ms, tests }]) => ({
    phase,
    file: path.relative(root, path.resolve(testDir, file)),
    seconds: seconds(ms),
    tests,
  }));
}

/** The `count` slowest files, slowest first. */
export function slowest(timings: FileTiming[], count = 20): FileTiming[] {
  return [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}
