import fs from 'node:fs';
import { closeDb, getSql } from '../../src/data/database/db';
import { startServer, tempDir, waitFor, type RunningServer } from '../../tests/support/server';
import { untilQuiet as untilQuietTest } from '../../tests/support/builds';
import { generateListings } from '../../tests/support/generate';

export interface BenchSite {
  server: RunningServer;
  dataDir: string;
  /** The generated trainings' ids, soonest first. */
  ids: string[];
}

/**
 * A running server with N generated trainings, published and quiet (no follow-up build running),
 * for `body`; then everything is stopped and removed. `env` may point it at a PostgreSQL database.
 */
export async function withSite<T>(
  n: number,
  env: Record<string, string>,
  body: (site: BenchSite) => Promise<T>,
  entry?: string[],
): Promise<T> {
  const dataDir = tempDir('emdr-bench-');
  const server = await startServer({
    dataDir,
    entry,
    env: { SEED_DEMO: '0', REBUILD_DEBOUNCE_MS: '1000', ...env },
    timeoutMs: 600_000,
    buildCache: false,
  });
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = env.DATABASE_URL ?? '';
  try {
    const ids = await generateListings(await getSql(), n);
    await waitFor(async () => (await fetch(`${server.url}/training/${ids.at(-1)}`)).status === 200, 600_000, 500);
    await untilQuiet(dataDir);
    return await body({ server, dataDir, ids });
  } finally {
    await closeDb();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Until the DATA_DIR's site has published the newest change and builds nothing. */
export const untilQuiet = (dataDir: string): Promise<void> => untilQuietTest(dataDir, 600_000);
