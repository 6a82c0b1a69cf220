import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code next to its source) and `integration` (tests/integration, a real
 * database: embedded PGlite, or TEST_DATABASE_URL's server when TEST_DB_TARGET=postgres).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/globalSetup.ts'],
          setupFiles: ['tests/integration/setupEnv.ts'],
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
          // sweep isolation test puts a PostgreSQL database next to an embedded one; the embedded database
          // lives inside one server process.
          exclude:
            process.env.TEST_DB_TARGET === 'postgres'
              ? []
              : [
                  'tests/publishing/db-outage.test.ts',
                  'tests/publishing/scale-out.test.ts',
                  'tests/publishing/photo-sweep-isolation.test.ts',
                ],
          // Each file starts its own servers (real processes, own DATA_DIR and database).
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
