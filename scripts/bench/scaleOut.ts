import fs from 'node:fs';
import { adminClient } from '../../tests/support/adminClient';
import { prepareTestDatabase } from '../../tests/support/database';
import { startServer, tempDir, waitFor } from '../../tests/support/server';
import { BENCH_ADMIN, summarize, timeEdits, type EditFigures } from './saveToLive';
import { untilQuiet, withSite } from './siteServer';
import { pinToCore, unpin } from './wrk';

export interface ScaleOutResult {
  n: number;
  single: ReturnType<typeof summarize> & { runs: EditFigures[] };
  /** Until both instances serve the edit, each building its own DATA_DIR's copy. */
  two: ReturnType<typeof summarize> & { runs: EditFigures[] };
  p95Ratio: number;
}

/**
 * Save → live with two instances on one PostgreSQL, each with its own DATA_DIR, against one instance:
 * edits through the first, timed until every instance serves them. Each instance is pinned to a core
 * of its own, the single one too, as if each ran on its own one-core machine: otherwise the figure
 * measures two processes sharing two cores with PostgreSQL and the poller, not what scale-out adds.
 */
export async function benchScaleOut(n: number, runs = 10): Promise<ScaleOutResult> {
  const database = await prepareTestDatabase();
  try {
    const env = { ...BENCH_ADMIN, DATABASE_URL: database.url, SITE_URL: 'http://localhost:4321' };
    return await withSite(n, env, async ({ server, dataDir, ids }) => {
      const target = ids[Math.floor(ids.length / 2)]!;
      const admin = await adminClient(server.url, BENCH_ADMIN.ADMIN_EMAIL, BENCH_ADMIN.ADMIN_PASSWORD);
      pinToCore(server.child.pid!, 0);
      const single = await timeEdits(admin, target, [`${server.url}/training/${target}`], [dataDir], runs);

      const secondDir = tempDir('emdr-bench-b-');
      const second = await startServer({ dataDir: secondDir, env, timeoutMs: 600_000, buildCache: false });
      try {
        pinToCore(second.child.pid!, 1);
        await waitFor(async () => (await fetch(`${second.url}/training/${target}`)).status === 200, 600_000, 500);
        await untilQuiet(secondDir);
        const pages = [server.url, second.url].map((url) => `${url}/training/${target}`);
        const two = await timeEdits(admin, target, pages, [dataDir, secondDir], runs);
        const [a, b] = [summarize(single), summarize(two)];
        return {
          n,
          single: { ...a, runs: single },
          two: { ...b, runs: two },
          p95Ratio: Number((b.p95Ms / a.p95Ms).toFixed(2)),
        };
      } finally {
        unpin(server.child.pid!);
        await second.stop();
        fs.rmSync(secondDir, { recursive: true, force: true });
      }
    });
  } finally {
    await database.drop();
  }
}
