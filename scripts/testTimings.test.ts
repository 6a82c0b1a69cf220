import { describe, expect, it } from 'vitest';
import { playwrightTimings, slowest, vitestTimings } from './testTimings';

describe('test timings from the JSON reports', () => {
  it("takes a Vitest file's wall time, hooks included, relative to the repository", () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/integration/a.test.ts',
          startTime: 1_000,
          endTime: 13_340,
          assertionResults: [{ duration: 2_000 }, { duration: null }],
        },
      ],
    };
    expect(vitestTimings('pg', report, '/repo')).toEqual([
      { phase: 'pg', file: 'tests/integration/a.test.ts', seconds: 12.3, tests: 2 },
    ]);
  });

  it("sums a Playwright spec file's test runs, nested suites included", () => {
    const report = {
      config: { rootDir: '/repo/tests/e2e' },
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 1_500 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 500 }, { duration: 1_000 }] }] }] }],
        },
        { file: 'b.spec.ts', specs: [{ tests: [{ results: [{ duration: 100 }] }] }] },
      ],
    };
    expect(playwrightTimings('e2e', report, '/repo')).toEqual([
      { phase: 'e2e', file: 'tests/e2e/a.spec.ts', seconds: 3, tests: 2 },
      { phase: 'e2e', file: 'tests/e2e/b.spec.ts', seconds: 0.1, tests: 1 },
    ]);
  });

  it('names the slowest first, as many as asked', () => {
    const t = (file: string, seconds: number) => ({ phase: 'p', file, seconds, tests: 1 });
    expect(slowest([t('a', 1), t('b', 3), t('c', 2)], 2).map((x) => x.file)).toEqual(['b', 'c']);
  });
});
