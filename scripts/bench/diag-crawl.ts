/**
 * `npx tsx scripts/bench/diag-crawl.ts [N]`: save → live and a cold crawl after a publish at one size,
 * with the publisher's own phase lines, for finding where a publish or a crawl spends its time.
 * EDITS (default 6) and CRAWLS (default 1) set the rounds; FULL_REBUILD=1 crawls after an operator's
 * full rebuild, as the bench does; OUTPUT_FILTER and OUTPUT_LINES pick the server's output lines
 * printed (default: the publisher's last 8); CHILD_NODE_OPTIONS reaches the server
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
 */
import { withSite } from './siteServer';
import { BENCH_ADMIN, timeEdits } from './saveToLive';
import { crawlAfterPublish } from './robustness';
import { adminClient } from '../../tests/support/adminClient';
import { TEST_START } from '../../tests/support/testStart';
import { fullRebuild } from '../../tests/support/builds';
const n = Number(process.argv[2] ?? 5000);
const out = await withSite(
  n,
  { ...BENCH_ADMIN, NODE_OPTIONS: process.env.CHILD_NODE_OPTIONS ?? '' },
  async ({ server, dataDir, ids }) => {
    const target = ids[Math.floor(ids.length / 2)]!;
    const admin = await adminClient(server.url, BENCH_ADMIN.ADMIN_EMAIL, BENCH_ADMIN.ADMIN_PASSWORD);
    const edits = await timeEdits(
      admin,
      target,
      [`${server.url}/training/${target}`],
      [dataDir],
      Number(process.env.EDITS ?? 6),
    );
    if (process.env.FULL_REBUILD === '1') {
      await fullRebuild(dataDir);
    }
    const crawls = [];
    for (let i = 0; i < Number(process.env.CRAWLS ?? 1); i++)
      crawls.push(await crawlAfterPublish(server, dataDir, admin, target));
    console.log(
      server
        .output()
        .split('\n')
        .filter((l) => l.includes(process.env.OUTPUT_FILTER ?? 'publisher: published'))
        .slice(-Number(process.env.OUTPUT_LINES ?? 8))
        .join('\n'),
    );
    return { edits: edits.map((e) => e.ms), crawls };
  },
  [TEST_START, '--event-loop-report'],
);
console.log(JSON.stringify(out));
process.exit(0);
