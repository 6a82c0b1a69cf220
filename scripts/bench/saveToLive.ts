import fs from 'node:fs';
import path from 'node:path';
import { takeSnapshot, runAstroBuild } from '../../src/publish';
import { tempDir, waitFor } from '../../tests/support/server';
import { adminClient, type AdminClient } from '../../tests/support/adminClient';
import { buildsOf, fullRebuild } from '../../tests/support/builds';
import { untilQuiet, withSite } from './siteServer';
import { median, percentile } from './stats';
import { crawlAfterPublish, type CrawlFigures } from './robustness';
import { slowClientGrowth, type SlowClientFigures } from '../../tests/support/slowClients';
import { TEST_START } from '../../tests/support/testStart';
import { sampleTreeMemory } from '../../tests/support/processTree';
import { junkQueryFigures, type JunkQueryFigures } from './junkQueries';

/** One edit: from the PATCH's answer to the new title served, and what its publish cost. */
export interface EditFigures {
  ms: number;
  mode: string | null;
  rendered: number | null;
  cpuMs: number | null;
  peakRssMiB: number | null;
}

export interface SaveToLiveResult {
  n: number;
  runs: EditFigures[];
  medianMs: number;
  p95Ms: number;
  /** Medians over the edits of the publish's own figures. */
  rendered: number;
  cpuMs: number;
  peakRssMiB: number;
  coldBuildMs: number;
  coldBuildPeakMiB: number | null;
  ratioToColdBuild: number;
  /** A cold crawl of every page and feed right after a publish. */
  crawl: CrawlFigures;
  /** 200 clients that never read the list and the feed. */
  slowClients: SlowClientFigures;
  /** Readers and requests of the list with a junk query string each (docs/security.md). */
  junkQueries: JunkQueryFigures;
  /** Peak resident memory of the whole server process tree (the server and any build child), in MiB. */
  /** Peaks of the resident sum over the process tree. */
  treePeakMiB: { edits: number; fullRebuild: number };
  /** Peaks of the proportional sum (shared pages once), as a container's limit counts. */
  treePssPeakMiB?: { edits: number; fullRebuild: number };
}

export const BENCH_ADMIN = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: `bench-password-${process.pid}` };

/**
 * Edits a training's title through the admin API, `runs` times, each a lone edit (the next starts
 * once the site is quiet again), and times from the PATCH's answer until `pages` all serve it.
 */
export async function timeEdits(
  admin: AdminClient,
  target: string,
  pages: string[],
  dataDirs: string[],
  runs: number,
): Promise<EditFigures[]> {
  const figures: EditFigures[] = [];
  for (let i = 1; i <= runs; i++) {
    // Lone edits: none falls within the debounce of the publish before it (REBUILD_DEBOUNCE_MS is
    // 1000), the first one included, which would otherwise follow the start's own publish at once.
    await new Promise((r) => setTimeout(r, 1500));
    const title = `Benchmark edit ${i} ${Date.now()}`;
    const saved = await admin.call('PATCH', `/api/admin/trainings/${target}`, { title });
    const started = performance.now();
    if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
    await Promise.all(
      pages.map((page) => waitFor(async () => (await (await fetch(page)).text()).includes(title), 120_000, 20)),
    );
    const ms = performance.now() - started;
    for (const dataDir of dataDirs) await untilQuiet(dataDir);
    const build = (await buildsOf(dataDirs[0]!)).filter((b) => b.outcome === 'published').at(-1);
    figures.push({
      ms: Math.round(ms),
      mode: build?.how ?? null,
      rendered: build?.rendered ?? null,
      cpuMs: build?.cpuMs ?? null,
      peakRssMiB: build?.peakRssMib ?? null,
    });
  }
  return figures;
}

export function summarize(runs: EditFigures[]) {
  const of = (key: 'rendered' | 'cpuMs' | 'peakRssMiB') => median(runs.map((r) => r[key] ?? NaN));
  const times = runs.map((r) => r.ms);
  return {
    medianMs: Math.round(median(times)),
    p95Ms: Math.round(percentile(times, 95)),
    rendered: of('rendered'),
    cpuMs: of('cpuMs'),
    peakRssMiB: of('peakRssMiB'),
  };
}

/**
 * Save → live at N trainings on the embedded database: lone title edits of a training in the
 * middle of the list, against a cold full `astro build` of the same data (what every change cost
 * before data-only changes were rendered in-process).
 */
export async function benchSaveToLive(n: number, runs = 20): Promise<SaveToLiveResult> {
  return withSite(
    n,
    BENCH_ADMIN,
    async ({ server, dataDir, ids }) => {
      const target = ids[Math.floor(ids.length / 2)]!;
      const admin = await adminClient(server.url, BENCH_ADMIN.ADMIN_EMAIL, BENCH_ADMIN.ADMIN_PASSWORD);
      const pid = server.child.pid!;
      const duringEdits = sampleTreeMemory(pid);
      const edits = await timeEdits(admin, target, [`${server.url}/training/${target}`], [dataDir], runs);
      const treePeakEdits = duringEdits.stop();
      // An operator's full rebuild (npm run admin -- rebuild-site): the heaviest publish there is.
      const duringRebuild = sampleTreeMemory(pid);
      await fullRebuild(dataDir);
      const treePeakRebuild = duringRebuild.stop();
      const crawl = await crawlAfterPublish(server, dataDir, admin, target);
      await untilQuiet(dataDir);
      const slowClients = await slowClientGrowth(server.url, server.child.pid!, 200);
      const junkQueries = await junkQueryFigures(server.url, server.child.pid!);

      const coldDir = tempDir('emdr-bench-cold-');
      const dataFile = path.join(coldDir, 'input.json');
      fs.writeFileSync(dataFile, JSON.stringify(await takeSnapshot()));
      const cold = await runAstroBuild({
        outDir: path.join(coldDir, 'out'),
        dataFile,
        cacheDir: path.join(coldDir, 'cache'),
        logFile: path.join(coldDir, 'log'),
      });
      fs.rmSync(coldDir, { recursive: true, force: true });
      if (!cold.ok) throw new Error(`cold build failed: ${cold.log.slice(-2000)}`);
      const summary = summarize(edits);
      return {
        n,
        runs: edits,
        ...summary,
        coldBuildMs: cold.ms,
        coldBuildPeakMiB: cold.usage?.peakRssMiB ?? null,
        ratioToColdBuild: Number((summary.medianMs / cold.ms).toFixed(3)),
        crawl,
        slowClients,
        junkQueries,
        treePeakMiB: { edits: treePeakEdits.rss, fullRebuild: treePeakRebuild.rss },
        treePssPeakMiB: { edits: treePeakEdits.pss, fullRebuild: treePeakRebuild.pss },
      };
    },
    [TEST_START, '--event-loop-report'],
  );
}
