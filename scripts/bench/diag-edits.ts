/**
 * Where a lone edit's save → live goes at N trainings: a few title edits as in the bench, then the
 * publisher's own account of each publish (its phases, from the server log).
 * `npx tsx scripts/bench/diag-edits.ts 5000 [runs]`.
 */
import { withSite } from './siteServer';
import { BENCH_ADMIN, summarize, timeEdits } from './saveToLive';
import { adminClient } from '../../tests/support/adminClient';
import { TEST_START } from '../../tests/support/testStart';

const n = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 6);
await withSite(
  n,
  // CHILD_NODE_OPTIONS reaches the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  { ...BENCH_ADMIN, NODE_OPTIONS: process.env.CHILD_NODE_OPTIONS ?? '' },
  async ({ server, dataDir, ids }) => {
    const target = ids[Math.floor(ids.length / 2)]!;
    const admin = await adminClient(server.url, BENCH_ADMIN.ADMIN_EMAIL, BENCH_ADMIN.ADMIN_PASSWORD);
    const edits = await timeEdits(admin, target, [`${server.url}/training/${target}`], [dataDir], runs);
    console.log(edits.map((e) => e.ms).join(' '), JSON.stringify(summarize(edits)));
    const published = server
      .output()
      .split('\n')
      .filter(
        (line) => line.includes('publisher: published') || line.includes('build started') || line.includes('PATCH'),
      );
    for (const line of published.slice(-3 * runs)) console.log(line.replace(/^.*publisher: /, '').slice(0, 400));
  },
  [TEST_START, '--event-loop-report'],
);
process.exit(0);
