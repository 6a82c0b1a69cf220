import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../../domain/siteData';
import type { PageDigests } from '../../prerender/pageInputs';
import type { PublishPlan, PublishResult } from '../plan';
import { runAstroBuild } from './astroBuild';
import { checkBuild, type ExtraCheck } from './checkBuild';
import { newBuildId, type SitePaths } from '../siteFolder/paths';
import { liveBuildId, prunableBuilds, removeBuilds, swapCurrent } from '../siteFolder/swap';
import { codeFingerprint } from './fingerprint';
import { FINGERPRINT_FILE, fingerprintOf } from '../siteFolder/buildFingerprint';
import { renderIncrementally } from './incrementalBuild';
import { replaceFile } from '../siteFolder/replaceFile';
import { DIGESTS_FILE } from '../siteFolder/pageDigests';
import type { PageRenderer } from '../render/pageRenderer';
import { meterThisProcess, type Usage } from './usage';
import type { SpareBuild } from '../siteFolder/spareBuild';

export const KEEP_PREVIOUS_BUILDS = 3;
/** Each build's page digests (prerender/pageInputs.ts): what the next publish compares with. */

export interface BuildOptions {
  /** Builds that must not be pruned (the one whose server code this process runs). */
  pinned?: (string | null)[];
  signal?: AbortSignal;
  /** Renders an in-process plan's pages. */
  renderer?: PageRenderer | null;
  /** A further check of the build before it goes live. */
  extraCheck?: ExtraCheck;
  /** Called the moment the new build is live (the host then serves it without waiting to look). */
  onSwapped?: () => void;
  /** The next in-process publish's folder, linked ahead of time. */
  spare?: SpareBuild | null;
  /** The build an in-process publish starts from when not the live one (a start from the code cache). */
  base?: string | null;
}

/** What the plan of a publish needs to know of the build it starts from: the live one, unless another is named. */
export function liveBuild(paths: SitePaths, base?: string | null) {
  const from = base ?? liveBuildId(paths);
  return from ? { fingerprint: fingerprintOf(paths.build(from)), digests: readDigests(paths.build(from)) } : null;
}

/** The pages a build holds that its data made (its page digests' paths); none when it kept no digests. */
export function dataPagesOf(buildDir: string): string[] {
  return [...(readDigests(buildDir)?.keys() ?? [])];
}

/**
 * One build made, checked and swapped in as `plan` says: the touched pages rendered in-process
 * over links to the live build's files, or a full `astro build`. On any failure the live site is
 * untouched and the failed folder is removed; an in-process plan that fails is tried once more as
 * an `astro build` of the same snapshot before the publish counts as failed.
 */
export async function buildAndSwap(
  paths: SitePaths,
  plan: Exclude<PublishPlan, { how: 'deploy-hook' }>,
  snapshot: { data: SiteData; digests: PageDigests; phases: PhaseTimer },
  options: BuildOptions = {},
): Promise<PublishResult> {
  const started = Date.now();
  const meter = meterThisProcess();
  try {
    fs.mkdirSync(paths.builds, { recursive: true });
    let made = await makeBuild(paths, plan, snapshot, options);
    if (made.outcome === 'failed' && plan.how === 'in-process') {
      // The safety net: whatever went wrong in-process (a page that failed to render, a build the
      // checker refused), a full build of the same snapshot is tried before the change counts as failed.
      snapshot.phases.mark(`in-process publish failed (${made.error.split('\n')[0]}), so an astro build`);
      made = await makeBuild(
        paths,
        { how: 'astro-build', because: 'the in-process publish failed' },
        snapshot,
        options,
      );
    }
    if (made.outcome !== 'published') return made;
    swapCurrent(paths, made.buildId);
    options.onSwapped?.();
    const prunable = prunableBuilds(paths, KEEP_PREVIOUS_BUILDS, options.pinned ?? []);
    // The newest build to prune becomes the next spare instead: re-linking what changed since is a
    // handful of writes, where deleting it and linking a new copy are thousands.
    const donor = options.spare ? (prunable.shift() ?? null) : null;
    options.spare?.prepare(made.buildId, donor);
    // Removing an old build is thousands of unlinks: off the event loop, after the new site is live.
    void removeBuilds(paths, prunable).catch(() => undefined);
    const usage = made.usage ?? meter.stop();
    return {
      outcome: 'published',
      buildId: made.buildId,
      how: made.how,
      ms: Date.now() - started,
      rendered: made.rendered,
      restored: made.restored,
      cpuMs: usage.cpuMs,
      peakRssMiB: usage.peakRssMiB,
      phases: snapshot.phases.done(),
    };
  } finally {
    meter.stop();
  }
}

type MadeBuild =
  | {
      outcome: 'published';
      buildId: string;
      how: PublishPlan['how'];
      rendered: number;
      restored: number;
      usage?: Usage;
    }
  | Exclude<PublishResult, { outcome: 'published' }>;

/** Makes and checks one new build folder, not yet live. A failed or refused folder is removed. */
async function makeBuild(
  paths: SitePaths,
  plan: Exclude<PublishPlan, { how: 'deploy-hook' }>,
  { data, digests, phases }: { data: SiteData; digests: PageDigests; phases: PhaseTimer },
  options: BuildOptions,
): Promise<MadeBuild> {
  const buildId = newBuildId();
  const outDir = paths.build(buildId);
  const how = plan.how;
  const fail = (error: string, aborted?: boolean): MadeBuild => {
    fs.rmSync(outDir, { recursive: true, force: true });
    if (!aborted) return { outcome: 'failed', buildId, how, error };
    for (const file of [paths.input(buildId), paths.log(buildId)]) fs.rmSync(file, { force: true });
    return { outcome: 'aborted', buildId, how };
  };
  let made: {
    written?: string[];
    checked?: string[];
    problems?: string[];
    rendered: number;
    restored: number;
    usage?: Usage;
  };
  try {
    made =
      plan.how === 'in-process'
        ? await inProcess(paths, outDir, plan, data, options, digests.size)
        : await astroBuild(paths, buildId, data, options.signal);
  } catch (error) {
    return fail((error as Error).message);
  }
  phases.mark(plan.how === 'in-process' ? 'render' : 'astro build');
  if (options.signal?.aborted) return fail('build aborted', true);
  replaceFile(path.join(outDir, DIGESTS_FILE), JSON.stringify([...digests]));
  // An in-process publish keeps the live build's code, and its fingerprint with its other files.
  if (plan.how === 'astro-build') fs.writeFileSync(path.join(outDir, FINGERPRINT_FILE), codeFingerprint());
  const problems = [
    ...(made.problems ?? []),
    ...checkBuild(path.join(outDir, 'client'), data, {
      written: made.written,
      checked: made.checked,
      extra: options.extraCheck,
    }),
  ];
  if (problems.length > 0) return fail(`build rejected by the checker:\n${problems.slice(0, 20).join('\n')}`);
  phases.mark('check');
  return { outcome: 'published', buildId, how, rendered: made.rendered, restored: made.restored, usage: made.usage };
}

export type PhaseTimer = ReturnType<typeof phaseTimer>;

/** How long each step of a publish took, for the log: where a slow publish spent its time. */
export function phaseTimer() {
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

async function inProcess(
  paths: SitePaths,
  outDir: string,
  plan: { render: string[]; remove: string[] },
  data: SiteData,
  options: BuildOptions,
  pages: number,
) {
  const live = options.base ?? liveBuildId(paths);
  if (!live || !options.renderer) throw new Error('an in-process publish needs a live build and a renderer');
  const { written, checked, problems } = await renderIncrementally({
    paths,
    live,
    outDir,
    renderer: options.renderer,
    data,
    plan,
    spare: options.spare,
  });
  return { written, checked, problems, rendered: written.length, restored: pages - written.length };
}

async function astroBuild(paths: SitePaths, buildId: string, data: SiteData, signal?: AbortSignal) {
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
