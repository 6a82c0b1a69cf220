import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AdminClient } from '../../tests/support/adminClient';
import type { RunningServer } from '../../tests/support/server';
import { waitFor } from '../../tests/support/server';
import { EVENT_LOOP_REPORT } from '../../tests/support/testStart';
import { undecodedGet } from '../../tests/support/undecodedGet';
import { percentile } from './stats';
import { staticFrontOf } from '../../tests/support/processTree';

/**
 * Robustness figures next to save → live: a cold crawl right after a publish, with the
 * server's own event-loop delay and the latency of `/healthz` meanwhile. The server must run
 * through tests/support/testStart.ts with `--event-loop-report`.
 */
export interface CrawlFigures {
  urls: number;
  crawlMs: number;
  brotliAnswers: number;
  /** The worse of the app's and the static front's event loops (`role` says whose). */
  eventLoop: { role?: string; maxMs: number; p99Ms: number; meanMs: number };
  healthz: { maxMs: number; p99Ms: number; probes: number };
}

/** The server's event-loop delay since its last report (resets it). */
export async function eventLoopReport(server: RunningServer): Promise<CrawlFigures['eventLoop']> {
  const before = server.output().length;
  // The app and its static front each report their own loop; the figure is the worse of them. Only
  // these two: a build process would be stopped by the signal.
  const front = staticFrontOf(server.child.pid!);
  const processes = front ? [server.child.pid!, front] : [server.child.pid!];
  for (const pid of processes) process.kill(pid, 'SIGUSR2');
  const reports = await waitFor(
    async () => {
      const lines = server
        .output()
        .slice(before)
        .split('\n')
        .filter((l) => l.startsWith(EVENT_LOOP_REPORT));
      return lines.length >= processes.length ? lines : null;
    },
    10_000,
    20,
  );
  if (!reports) throw new Error('the server printed no event-loop report (was it started with --event-loop-report?)');
  const figures = reports.map((l) => JSON.parse(l.slice(EVENT_LOOP_REPORT.length)) as CrawlFigures['eventLoop']);
  return figures.reduce((worst, each) => (each.maxMs > worst.maxMs ? each : worst));
}

/**
 * Asks `/healthz` again `everyMs` after each answer until the returned function is called, which
 * gives each probe's latency in milliseconds.
 */
export function probeHealthz(server: RunningServer, everyMs: number): () => Promise<number[]> {
  const probes: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${server.url}/healthz`);
      probes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    running = false;
    await prober;
    return probes;
  };
}

/** Every page and feed of the live build, as URL paths. */
function publishedPaths(dataDir: string): string[] {
  const client = path.join(fs.realpathSync(path.join(dataDir, 'site', 'current')), 'client');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(html|ics|xml)$/.test(entry.name)) {
        const rel = `/${path.relative(client, full)}`;
        found.push(rel.endsWith('/index.html') ? rel.slice(0, -'index.html'.length) : rel);
      }
    }
  };
  walk(client);
  return found;
}

/**
 * Edits the target's title, and as soon as its page serves the edit crawls every page and feed with
 * `Accept-Encoding: br`, eight at a time, while `/healthz` is probed every 50 ms.
 */
export async function crawlAfterPublish(
  server: RunningServer,
  dataDir: string,
  admin: AdminClient,
  target: string,
): Promise<CrawlFigures> {
  const title = `Crawl edit ${Date.now()}`;
  const saved = await admin.call('PATCH', `/api/admin/trainings/${target}`, { title });
  if (saved.status !== 200) throw new Error(`save failed: ${saved.status}`);
  await waitFor(
    async () => (await (await fetch(`${server.url}/training/${target}`)).text()).includes(title),
    120_000,
    20,
  );
  await eventLoopReport(server);

  const urls = publishedPaths(dataDir);
  const stopProbing = probeHealthz(server, 50);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const started = performance.now();
  let next = 0;
  let brotliAnswers = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < urls.length) {
        if ((await undecodedGet(`${server.url}${urls[next++]!}`, agent)).coding === 'br') brotliAnswers++;
      }
    }),
  );
  const crawlMs = performance.now() - started;
  const probes = await stopProbing();
  agent.destroy();
  const eventLoop = await eventLoopReport(server);
  return {
    urls: urls.length,
    crawlMs: Math.round(crawlMs),
    brotliAnswers,
    eventLoop,
    healthz: {
      maxMs: Math.round(Math.max(...probes)),
      p99Ms: Math.round(percentile(probes, 99)),
      probes: probes.length,
    },
  };
}
