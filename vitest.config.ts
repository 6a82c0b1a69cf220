import { defineConfig } from 'vitest/config';
import { excludedOn } from './tests/support/databaseTouches.ts';

// The run's database target; with TEST_DB_SPLIT=1 (npm test, when both targets run) each file runs
// only on the targets tests/support/databaseTouches.ts gives it.
const target = process.env.TEST_DB_TARGET === 'postgres' ? 'postgres' : 'embedded';
const split = process.env.TEST_DB_SPLIT === '1';

/**
 * Three projects: `unit` (pure code next to its source, and the test helpers' own tests),
 * `integration` (tests/integration) and `publishing` (tests/publishing) on a real database: embedded
 * PGlite, or TEST_DATABASE_URL's server when TEST_DB_TARGET=postgres (docs/testing.md).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: excludedOn(target, split, 'tests/integration'),
          // The run's code cache first: the run's server starts from it (tests/support/buildCache.ts).
          globalSetup: ['tests/support/buildCacheSetup.ts', 'tests/integration/globalSetup.ts'],
          setupFiles: ['tests/support/buildCacheEnv.ts', 'tests/integration/setupEnv.ts'],
          // One database and one server for the run: files run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'publishing',
          include: ['tests/publishing/**/*.test.ts'],
          // The outage test stops a PostgreSQL server, the scale-out test runs several servers on one, and the
          // sweep isolation test puts a PostgreSQL database next to an embedded one (the embedded database
          // lives inside one server process): they run on the PostgreSQL target only.
          exclude: excludedOn(target, split, 'tests/publishing'),
          globalSetup: ['tests/support/buildCacheSetup.ts'],
          setupFiles: ['tests/support/buildCacheEnv.ts'],
          // Each file starts its own servers (real processes, own DATA_DIR and database).
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
