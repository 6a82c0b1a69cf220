/**
 * `npx tsx scripts/bench/diag-stalls.ts [N]`: the longest event-loop stall of the app and its static
 * front, and `/healthz` latency, while a publish runs: during lone edits (EDITS, default 6), then
 * during an operator's full rebuild. With TEST_DB_TARGET=postgres and TEST_DATABASE_URL it runs on a
 * database of its own on that server, else on the embedded one. CHILD_NODE_OPTIONS reaches the server (e.g. to profile it).
 */
import { withSite } from './siteServer';
import { BENCH_ADMIN } from './saveToLive';
import { eventLoopReport, probeHealthz } from './robustness';
import { adminClient } from '../../tests/support/adminClient';
import { TEST_START } from '../../tests/support/testStart';
import { fullRebuild, untilQuiet } from '../../tests/support/builds';
import type { RunningServer } from '../../tests/support/server';
import { prepareTestDatabase } from '../../tests/support/database';

async function probed(server: RunningServer, during: () => Promise<unknown>) {
  await eventLoopReport(server);
  const stopProbing = probeHealthz(server, 20);
  await during();
  const probes = await stopProbing();
  return {
    eventLoop: await eventLoopReport(server),
    healthzMaxMs: Math.round(Math.max(...probes)),
    probes: probes.length,
  };
}

const n = Number(process.argv[2] ?? 5000);
const database = await prepareTestDatabase();
const out = await withSite(
  n,
  {
    ...BENCH_ADMIN,
    NODE_OPTIONS: process.env.CHILD_NODE_OPTIONS ?? '',
    DATABASE_URL: database.url,
  },
  async ({ server, dataDir, ids }) => {
    const target = ids[Math.floor(ids.length / 2)]!;
    const admin = await adminClient(server.url, BENCH_ADMIN.ADMIN_EMAIL, BENCH_ADMIN.ADMIN_PASSWORD);
    const edits = await probed(server, async () => {
      for (let i = 0; i < Number(process.env.EDITS ?? 6); i++) {
        const saved = await admin.call('PATCH', `/api/admin/trainings/${target}`, {
          title: `Stall edit ${i} ${Date.now()}`,
        });
        if (saved.status !== 200) throw new Error(`save failed: ${saved.status}`);
        await untilQuiet(dataDir);
      }
    });
    const rebuild = await probed(server, () => fullRebuild(dataDir));
    return { edits, rebuild };
  },
  [TEST_START, '--event-loop-report'],
);
await database.drop();
console.log(JSON.stringify({ database: database.target, n, ...out }));
process.exit(0);
