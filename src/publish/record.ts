import * as publishing from '../data/publishing';
import type { BuildKind } from '../data/publishing';
import { buildAndSwap, type BuildOutcome } from './buildSite';
import type { ExtraCheck } from './checkBuild';
import { callDeployHook } from './deployHook';
import type { PageRenderer } from './pageRenderer';
import type { SitePaths } from './paths';
import type { SpareBuild } from './spareBuild';

/** Who builds: the site (its files and progress) and the process, for the build record. */
export interface Builder {
  siteId: string;
  instanceId: string;
  paths: SitePaths;
  /** Builds that must not be pruned (the one whose server code this process runs). */
  pinned?: string[];
  /** Renders a data-only change's pages in this process; without it every publish is a full build. */
  renderer?: PageRenderer | null;
  /** A further check of each build before it goes live (tests inject a failing one). */
  extraCheck?: ExtraCheck;
  /** Called the moment a new build is live. */
  onSwapped?: () => void;
  /** The next in-process publish's folder, linked ahead of time. */
  spare?: SpareBuild | null;
}

/** A change is rendered in-process when it can be; these always get a full `astro build`. */
const FULL_BUILD_KINDS: readonly BuildKind[] = ['boot', 'daily', 'full'];

/**
 * Build and record, for the start-up build and the publisher alike: the site's state, the build
 * record (what tests and operators read), then the build and swap, then its outcome. The caller
 * holds the site's build lock.
 */
export async function buildAndRecord(
  builder: Builder,
  requestId: number,
  kind: BuildKind,
  signal?: AbortSignal,
): Promise<BuildOutcome> {
  await publishing.setSiteState(builder.siteId, 'building');
  const record = await publishing.startBuildRecord({ ...builder, requestId, kind });
  let outcome: BuildOutcome;
  try {
    outcome = await buildAndSwap(builder.paths, {
      pinned: builder.pinned,
      signal,
      renderer: builder.renderer,
      full: FULL_BUILD_KINDS.includes(kind),
      extraCheck: builder.extraCheck,
      onSwapped: builder.onSwapped,
      spare: builder.spare,
    });
  } catch (error) {
    outcome = { ok: false, buildId: '', error: (error as Error).message };
  }
  if (outcome.ok) {
    await publishing.recordSuccess(builder.siteId, requestId, outcome.buildId);
    const { buildId, rendered, restored, mode, usage } = outcome;
    await publishing.finishBuildRecord(record, { outcome: 'published', buildId, rendered, restored, mode, ...usage });
  } else if (outcome.aborted) {
    await publishing.setSiteState(builder.siteId, 'queued');
    await publishing.finishBuildRecord(record, { outcome: 'aborted', buildId: outcome.buildId, mode: outcome.mode });
  } else {
    await publishing.recordFailure(builder.siteId, requestId, outcome.error);
    await publishing.finishBuildRecord(record, {
      outcome: 'failed',
      buildId: outcome.buildId,
      error: outcome.error,
      mode: outcome.mode,
    });
  }
  return outcome;
}

/** Deploy-hook mode: the CDN builds; the call is recorded like a build. */
export async function callHookAndRecord(
  builder: Omit<Builder, 'paths'>,
  url: string,
  requestId: number,
): Promise<{ ok: true } | { ok: false; error: string }> {
  await publishing.setSiteState(builder.siteId, 'building');
  const record = await publishing.startBuildRecord({ ...builder, requestId, kind: 'hook' });
  const result = await callDeployHook(url);
  const buildId = `hook-${Date.now()}`;
  if (result.ok) {
    await publishing.recordSuccess(builder.siteId, requestId, buildId);
    await publishing.finishBuildRecord(record, { outcome: 'published', buildId });
  } else {
    await publishing.recordFailure(builder.siteId, requestId, result.error);
    await publishing.finishBuildRecord(record, { outcome: 'failed', error: result.error });
  }
  return result;
}
