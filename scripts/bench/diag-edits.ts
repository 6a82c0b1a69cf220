/**
 * Where a lone edit's save → live goes at N trainings: title edits as in the bench, each split into
 * the wake-up (the save's answer to the publisher's start), the publish (with its own phases, from
 * the server log) and the rest until the page serves it. `npx tsx scripts/bench/diag-edits.ts 5000
 * [runs]`; CHILD_NODE_OPTIONS reaches the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof);
 * FIRST_WAIT_MS waits that long after the start before the first edit (the start's background work
 * done: its compression pass and spare build); SAMPLE=1 samples the tree's memory as the bench
 * does (and prints its peaks); LOG=1 prints the server's publisher lines.
 */
import { untilQuiet, withSite } from './siteServer';
import { BENCH_ADMIN } from './saveToLive';
import { adminClient } from '../../tests/support/adminClient';
import { waitFor } from '../../tests/support/server';
import { TEST_START } from '../../tests/support/testStart';
import { sampleTreeMemory } from '../../tests/support/processTree';

const n = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 6);
await withSite(
  n,
  { ...BENCH_ADMIN, NODE_OPTIONS: process.env.CHILD_NODE_OPTIONS ?? '' },
  async ({ server, dataDir, ids }) => {
    const target = ids[Math.floor(ids.length / 2)]!;
    const page = `${server.url}/training/${target}`;
    const admin = await adminClient(server.url, BENCH_ADMIN.ADMIN_EMAIL, BENCH_ADMIN.ADMIN_PASSWORD);
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.FIRST_WAIT_MS ?? 0)));
    const sampler = process.env.SAMPLE ? sampleTreeMemory(server.child.pid!) : null;
    const before = (server.output().match(/publisher: published/g) ?? []).length;
    const answered: number[] = [];
    const seen: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Lone edits: outside the debounce of the publish before (REBUILD_DEBOUNCE_MS is 1000).
      await new Promise((r) => setTimeout(r, 1500));
      const title = `Diagnosis edit ${i} ${Date.now()}`;
      await admin.call('PATCH', `/api/admin/trainings/${target}`, { title });
      answered.push(Date.now());
      await waitFor(async () => (await (await fetch(page)).text()).includes(title), 60_000, 20);
      seen.push(Date.now());
      await untilQuiet(dataDir);
    }
    if (sampler) console.log('peaks', sampler.stop());
    // The publisher logs a publish once it is live and recorded: wait for the last line.
    await waitFor(async () => (server.output().match(/publisher: published/g) ?? []).length >= before + runs, 30_000);
    const log = server.output();
    if (process.env.LOG)
      console.log(
        log
          .split('\n')
          .filter((l) => /publisher|precompress|spare/i.test(l))
          .join('\n'),
      );
    const starts = [...log.matchAll(/build started at (\S+) for request/g)].map((m) => Date.parse(m[1]!)).slice(-runs);
    const lines = [...log.matchAll(/publisher: published \S+ in .*?; (.*)\), ended at (\S+)/g)].slice(-runs);
    for (let i = 0; i < runs; i++) {
      const ended = Date.parse(lines[i]![2]!);
      console.log(
        `save→live ${seen[i]! - answered[i]!} ms = wake ${starts[i]! - answered[i]!} + publish ${ended - starts[i]!} ` +
          `(${lines[i]![1]}) + until seen ${seen[i]! - ended}`,
      );
    }
  },
  [TEST_START, '--event-loop-report'],
);
process.exit(0);
