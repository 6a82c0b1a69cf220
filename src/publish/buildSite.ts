import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../domain/siteData';
import { pageInputDigests, touchedPages, type PageDigests } from '../site/pageInputs';
import { takeSnapshot } from './snapshot';
import { runAstroBuild } from './astroBuild';
import { checkBuild, type ExtraCheck } from './checkBuild';
import { newBuildId, type SitePaths } from './paths';
import { liveBuildId, prunableBuilds, removeBuilds, swapCurrent } from './swap';
import { codeFingerprint, FINGERPRINT_FILE, fingerprintOf } from './fingerprint';
import { MAX_PAGES_IN_PROCESS, renderIncrementally, replaceFile, type PagePlan } from './incrementalBuild';
import type { PageRenderer } from './pageRenderer';
import { meterThisProcess, type Meter, type Usage } from './usage';
import type { SpareBuild } from './spareBuild';

export const KEEP_PREVIOUS_BUILDS = 3;
/** Each build's page digests (site/pageInputs.ts): what the next publish compares with. */
const DIGESTS_FILE = 'page-digests.json';

export type BuildMode = 'incremental' | 'full';

export type BuildOutcome =
  | {
      ok: true;
      buildId: string;
      ms: number;
      mode: BuildMode;
      rendered: number;
      restored: number;
      usage?: Usage;
      /** Time per step, e.g. "snapshot 40 ms, digests 30 ms, render 120 ms, check 20 ms". */
      phases?: string;
    }
  | { ok: false; buildId: string; error: string; aborted?: boolean; mode?: BuildMode };

export interface PublishOptions {
  /** Builds that must not be pruned (the one whose server code this process runs). */
  pinned?: (string | null)[];
  signal?: AbortSignal;
  /** Present: a data-only change renders its pages in this process (docs/decisions/0011). */
  renderer?: PageRenderer | null;
  /** A full `astro build` whatever changed: at start, the daily refresh, on an operator's demand. */
  full?: boolean;
  /** A further check of the build before it goes live. */
  extraCheck?: ExtraCheck;
  /** Called the moment the new build is live (the host then serves it without waiting to look). */
  onSwapped?: () => void;
  /** The next in-process publish's folder, linked ahead of time. */
  spare?: SpareBuild | null;
}

/**
 * One publish: snapshot → a new build folder (the touched pages rendered in-process over links to
 * the live build's files, or a full `astro build`) → check → atomic swap → prune. On any failure
 * the live site is untouched and the failed folder is removed.
 */
export async function buildAndSwap(paths: SitePaths, options: PublishOptions = {}): Promise<BuildOutcome> {
  const meter = meterThisProcess();
  try {
    return await publish(paths, options, meter);
  } finally {
    meter.stop();
  }
}

async function publish(paths: SitePaths, options: PublishOptions, meter: Meter): Promise<BuildOutcome> {
  const started = Date.now();
  fs.mkdirSync(paths.builds, { recursive: true });
  const phases = phaseTimer();
  const data = await takeSnapshot();
  phases.mark('snapshot');
  const digests = pageInputDigests(data);
  phases.mark('digests');
  const live = liveBuildId(paths);
  const plan = options.full || !options.renderer ? null : planIncremental(paths, live, options.renderer, digests);
  const input = { paths, options, data, digests, phases };
  let made = await makeBuild(input, plan && live ? { plan, live, renderer: options.renderer! } : null);
  if (!made.ok && plan && !made.aborted) {
    // The safety net: whatever went wrong in-process (a page that failed to render, a build the
    // checker refused), a full build of the same snapshot is tried before the change counts as failed.
    phases.mark(`in-process publish failed (${made.error.split('\n')[0]}), so a full build`);
    made = await makeBuild(input, null);
  }
  if (!made.ok) return made;
  swapCurrent(paths, made.buildId);
  options.onSwapped?.();
  const prunable = prunableBuilds(paths, KEEP_PREVIOUS_BUILDS, options.pinned ?? []);
  // The newest build to prune becomes the next spare instead: re-linking what changed since is a
  // handful of writes, where deleting it and linking a new copy are thousands.
  const donor = options.spare ? (prunable.shift() ?? null) : null;
  options.spare?.prepare(made.buildId, donor);
  const usage = made.usage ?? meter.stop();
  // Removing an old build is thousands of unlinks: off the event loop, after the new site is live.
  void removeBuilds(paths, prunable).catch(() => undefined);
  return { ...made, ms: Date.now() - started, usage, phases: phases.done() };
}

interface BuildInput {
  paths: SitePaths;
  options: PublishOptions;
  data: SiteData;
  digests: PageDigests;
  phases: ReturnType<typeof phaseTimer>;
}

type MadeBuild =
  | { ok: true; buildId: string; mode: BuildMode; rendered: number; restored: number; usage?: Usage }
  | Extract<BuildOutcome, { ok: false }>;

/**
 * Makes and checks one new build folder, not yet live: the touched pages over links to `over.live`,
 * or a full `astro build` when `over` is null. A failed or refused folder is removed.
 */
async function makeBuild(
  { paths, options, data, digests, phases }: BuildInput,
  over: { plan: PagePlan; live: string; renderer: PageRenderer } | null,
): Promise<MadeBuild> {
  const buildId = newBuildId();
  const outDir = paths.build(buildId);
  const mode: BuildMode = over ? 'incremental' : 'full';
  const fail = (error: string, aborted?: boolean): MadeBuild => {
    fs.rmSync(outDir, { recursive: true, force: true });
    if (aborted) for (const file of [paths.input(buildId), paths.log(buildId)]) fs.rmSync(file, { force: true });
    return { ok: false, buildId, error, mode, aborted };
  };
  let made: { written?: string[]; rendered: number; restored: number; usage?: Usage };
  try {
    made = over
      ? await incremental({ ...over, paths, outDir, data, spare: options.spare }, digests.size)
      : await full(paths, buildId, data, options.signal);
  } catch (error) {
    return fail((error as Error).message);
  }
  phases.mark(over ? 'render' : 'astro build');
  if (options.signal?.aborted) return fail('build aborted', true);
  replaceFile(path.join(outDir, DIGESTS_FILE), JSON.stringify([...digests]));
  // An in-process publish keeps the live build's code, and its fingerprint with its other files.
  if (!over) fs.writeFileSync(path.join(outDir, FINGERPRINT_FILE), codeFingerprint());
  const problems = checkBuild(path.join(outDir, 'client'), data, { written: made.written, extra: options.extraCheck });
  if (problems.length > 0) return fail(`build rejected by the checker:\n${problems.slice(0, 20).join('\n')}`);
  phases.mark('check');
  return { ok: true, buildId, mode, rendered: made.rendered, restored: made.restored, usage: made.usage };
}

/** How long each step of a publish took, for the log: where a slow publish spent its time. */
function phaseTimer() {
  let last = performance.now();
  const spent: string[] = [];
  return {
    mark(name: string) {
      const now = performance.now();
      spent.push(`${name} ${Math.round(now - last)} ms`);
      last = now;
    },
    done: () => spent.join(', '),
  };
}

/**
 * Readies this process for its first in-process publish, so that one is as quick as the next: the
 * snapshot's rows read once (later snapshots read only changed rows), and one page of each kind
 * rendered and thrown away, so each route's code is loaded and compiled before an edit needs it.
 */
export async function warmUp(renderer: PageRenderer): Promise<void> {
  const data = await takeSnapshot();
  const pages = [...pageInputDigests(data).keys()];
  // One per route: /training/*, /trainings/*, /feeds/*.ics, /feeds/*.xml, the home page…
  const oneOfEach = new Map(pages.map((page) => [page.replace(/\/[^/]+?(\.\w+)?$/, '/*$1'), page]));
  await renderer.render(data, [...oneOfEach.values()]);
}

/** The pages to render over the live build, or null when this publish needs a full build. */
function planIncremental(
  paths: SitePaths,
  live: string | null,
  renderer: PageRenderer,
  digests: PageDigests,
): PagePlan | null {
  // The renderer is the code of the build this process started from; the live build must be the same code.
  if (!live || fingerprintOf(paths.build(live)) !== renderer.fingerprint) return null;
  const before = readDigests(paths.build(live));
  if (!before) return null;
  const plan = touchedPages(before, digests);
  return plan.render.length + plan.remove.length <= MAX_PAGES_IN_PROCESS ? plan : null;
}

async function incremental(opts: Parameters<typeof renderIncrementally>[0], pages: number) {
  const { written } = await renderIncrementally(opts);
  return { written, rendered: written.length, restored: pages - written.length };
}

async function full(paths: SitePaths, buildId: string, data: SiteData, signal?: AbortSignal) {
  fs.mkdirSync(paths.cache, { recursive: true });
  fs.writeFileSync(paths.input(buildId), JSON.stringify(data));
  const result = await runAstroBuild({
    outDir: paths.build(buildId),
    dataFile: paths.input(buildId),
    cacheDir: paths.cache,
    logFile: paths.log(buildId),
    signal,
  });
  if (!result.ok && !signal?.aborted) {
    throw new Error(`astro build failed:\n${result.log.split('\n').slice(-25).join('\n')}`);
  }
  return { rendered: result.rendered, restored: result.restored, usage: result.usage };
}

let digestMemo: { dir: string; digests: PageDigests } | undefined;

/** A build's page digests (kept in memory for the live one: every publish compares with it). */
function readDigests(dir: string): PageDigests | null {
  if (digestMemo?.dir === dir) return digestMemo.digests;
  try {
    const entries = JSON.parse(fs.readFileSync(path.join(dir, DIGESTS_FILE), 'utf8')) as [string, string][];
    digestMemo = { dir, digests: new Map(entries) };
    return digestMemo.digests;
  } catch {
    return null;
  }
}

/** True when a build was made from the code that is here now (so its server code may be run). */
export function builtFromCurrentCode(paths: SitePaths, buildId: string | null): boolean {
  return buildId !== null && fingerprintOf(paths.build(buildId)) === codeFingerprint();
}
