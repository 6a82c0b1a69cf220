import * as publishing from '../data/publishing';
import type { BuildKind } from '../data/publishing';
import { pageInputDigestsInTurns } from '../prerender/pageInputs';
import { buildAndSwap, liveBuild, phaseTimer } from './builder/buildSite';
import type { ExtraCheck } from './builder/checkBuild';
import { takeSnapshot } from './builder/snapshot';
import { callDeployHook } from './deployHook';
import { planPublish, type PublishResult } from './plan';
import type { PageRenderer } from './render/pageRenderer';
import type { SitePaths } from './siteFolder/paths';
import type { SpareBuild } from './siteFolder/spareBuild';

/** Who publishes: the site (its files and progress) and the process, for the build record. */
export interface Builder {
  siteId: string;
  instanceId: string;
  paths: SitePaths;
  /** Deploy-hook mode: the CDN's build hook is called instead of building here. */
  hookUrl?: string | null;
  /** Builds that must not be pruned (the one whose server code this process runs). */
  pinned?: string[];
  /** Renders a data-only change's pages in this process; without it every publish is an astro build. */
  renderer?: PageRenderer | null;
  /** A further check of each build before it goes live (tests inject a failing one). */
  extraCheck?: ExtraCheck;
  /** Called the moment a new build is live. */
  onSwapped?: () => void;
  /** The next in-process publish's folder, linked ahead of time. */
  spare?: SpareBuild | null;
  /** The build to render over instead of the live one: at a start, the copy of a cached build of this code. */
  base?: string | null;
}

/**
 * One publish, planned, made and recorded, for the start-up build and the publisher alike: the
 * site's state and the build record (what tests and operators read), then the plan (plan.ts) and
 * what it says (a deploy-hook call, or a build and swap), then the outcome. The caller holds the
 * site's build lock.
 */
export async function publishAndRecord(
  builder: Builder,
  requestId: number,
  kind: Exclude<BuildKind, 'hook'>,
  signal?: AbortSignal,
): Promise<PublishResult> {
  await publishing.setSiteState(builder.siteId, 'building');
  const record = await publishing.startBuildRecord({ ...builder, requestId, kind: builder.hookUrl ? 'hook' : kind });
  let result: PublishResult;
  try {
    result = await publishOnce(builder, kind, signal);
  } catch (error) {
    result = { outcome: 'failed', buildId: '', error: (error as Error).message };
  }
  if (result.outcome === 'published') {
    await publishing.recordSuccess(builder.siteId, requestId, result.buildId);
  } else if (result.outcome === 'aborted') {
    await publishing.setSiteState(builder.siteId, 'idle');
  } else {
    await publishing.recordFailure(builder.siteId, requestId, result.error);
  }
  await publishing.finishBuildRecord(record, result);
  return result;
}

export async function publishOnce(
  builder: Builder,
  kind: Exclude<BuildKind, 'hook'>,
  signal?: AbortSignal,
): Promise<PublishResult> {
  const started = Date.now();
  const hook = Boolean(builder.hookUrl);
  const phases = phaseTimer();
  const data = hook ? null : await takeSnapshot();
  phases.mark('snapshot');
  const digests = data && (await pageInputDigestsInTurns(data));
  phases.mark('digests');
  const plan = planPublish({
    kind,
    hook,
    renderer: builder.renderer?.fingerprint ?? null,
    live: hook ? null : liveBuild(builder.paths, builder.base),
    next: digests,
  });
  if (plan.how === 'deploy-hook') {
    const called = await callDeployHook(builder.hookUrl!);
    const buildId = `hook-${Date.now()}`;
    return called.ok
      ? { outcome: 'published', buildId, how: 'deploy-hook', ms: Date.now() - started }
      : { outcome: 'failed', buildId, how: 'deploy-hook', error: called.error };
  }
  return buildAndSwap(builder.paths, plan, { data: data!, digests: digests!, phases }, { ...builder, signal });
}
