/**
 * `npx tsx scripts/bench/diag-memory.ts [N]`: where the server's memory goes at one size. Starts the
 * product with the inspector on, and after start-up, after EDITS lone edits (default 6) and after a
 * full rebuild reads, through the inspector, the process's memory (RSS, V8 heap by space, external
 * and array buffers), then forces a collection and reads it again: what is kept versus what is
 * garbage not yet collected. Prints JSON; for finding what to cut, not a benchmark.
 */
import fs from 'node:fs';
import { withSite } from './siteServer';
import { BENCH_ADMIN, timeEdits } from './saveToLive';
import { adminClient } from '../../tests/support/adminClient';
import { fullRebuild, untilQuiet } from '../../tests/support/builds';
import { waitFor } from '../../tests/support/server';
import { treeRssMiB } from '../../tests/support/processTree';

const n = Number(process.argv[2] ?? 5000);
const MiB = 1024 * 1024;

class Inspector {
  private next = 1;
  private pending = new Map<number, (value: unknown) => void>();
  private constructor(private socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
      if (message.id) this.pending.get(message.id)?.(message.result);
    });
  }
  static async connect(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    return new Inspector(socket);
  }
  call(method: string, params: object = {}): Promise<unknown> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => this.pending.set(id, resolve));
  }
  async evaluate(expression: string): Promise<unknown> {
    const result = (await this.call('Runtime.evaluate', {
      expression,
      includeCommandLineAPI: true,
      returnByValue: true,
      awaitPromise: true,
    })) as { result: { value: unknown } };
    return result.result.value;
  }
  close() {
    this.socket.close();
  }
}

const READ = `(() => {
  const v8 = require('node:v8');
  const m = process.memoryUsage();
  const mib = (b) => Math.round(b / ${MiB});
  return {
    rss: mib(m.rss), heapUsed: mib(m.heapUsed), heapTotal: mib(m.heapTotal), external: mib(m.external),
    arrayBuffers: mib(m.arrayBuffers),
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().filter((s) => s.space_used_size > ${4 * MiB})
      .map((s) => [s.space_name, mib(s.space_used_size) + '/' + mib(s.physical_space_size)])),
  };
})()`;

/** The process's largest resident mappings (from /proc/<pid>/smaps), by what they map, in MiB. */
function residentMappings(pid: number): Record<string, number> {
  const byName = new Map<string, number>();
  let name = '';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      name = mapping[2] || '[anonymous]';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) byName.set(name, (byName.get(name) ?? 0) + Number(rss[1]) / 1024);
  }
  return Object.fromEntries(
    [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([key, mib]) => [key, Math.round(mib)]),
  );
}

/** Anonymous mappings holding 4 MiB or more, largest first: the WebAssembly memory, V8's heap, malloc's arenas. */
function largeAnonymous(pid: number): string[] {
  const found: [number, string][] = [];
  let size = 0;
  let label = '';
  let anonymous = false;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      size = (parseInt(mapping[2]!, 16) - parseInt(mapping[1]!, 16)) / MiB;
      label = `${mapping[1]} ${mapping[3]}`;
      anonymous = !mapping[4];
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const mib = rss ? Number(rss[1]) / 1024 : 0;
    if (anonymous && mib >= 4)
      found.push([mib, `${label}: ${Math.round(size)} MiB mapped, ${Math.round(mib)} resident`]);
  }
  return found.sort((a, b) => b[0] - a[0]).map(([, text]) => text);
}

async function phase(inspector: Inspector, pid: number) {
  const mappings = { resident: residentMappings(pid), largeAnonymous: largeAnonymous(pid) };
  const before = await inspector.evaluate(READ);
  const treeBefore = Math.round(treeRssMiB(pid));
  await inspector.call('HeapProfiler.collectGarbage');
  const after = await inspector.evaluate(READ);
  return { tree: treeBefore, mappings, before, afterGc: after, treeAfterGc: Math.round(treeRssMiB(pid)) };
}

const out = await withSite(
  n,
  { ...BENCH_ADMIN, NODE_OPTIONS: '--inspect=127.0.0.1:0' },
  async ({ server, dataDir, ids }) => {
    const url = await waitFor(
      async () => /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(server.output())?.[0] ?? null,
      30_000,
      100,
    );
    const inspector = await Inspector.connect(url!);
    const pid = server.child.pid!;
    await untilQuiet(dataDir);
    const figures: Record<string, unknown> = { started: await phase(inspector, pid) };
    const target = ids[Math.floor(ids.length / 2)]!;
    const admin = await adminClient(server.url, BENCH_ADMIN.ADMIN_EMAIL, BENCH_ADMIN.ADMIN_PASSWORD);
    await timeEdits(admin, target, [`${server.url}/training/${target}`], [dataDir], Number(process.env.EDITS ?? 6));
    figures.edits = await phase(inspector, pid);
    await fullRebuild(dataDir);
    figures.fullRebuild = await phase(inspector, pid);
    inspector.close();
    return figures;
  },
);
console.log(JSON.stringify(out, null, 1));
process.exit(0);
