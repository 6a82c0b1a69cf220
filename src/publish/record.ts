import * as publishing from '../data/publishing';
import type { BuildKind } from '../data/publishing';
import { buildAndSwap, type BuildOutcome } from './buildSite';
import { callDeployHook } from './deployHook';
import type { SitePaths } from './paths';

/** Who builds: the site (its files and progress) and the process, for the build record. */
export interface Builder {
  siteId: string;
  instanceId: string;
  paths: SitePaths;
  /** Builds that must not be pruned (the one whose server code this process runs). */
  pinned?: string[];
}

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
    outcome = await buildAndSwap(builder.paths, builder.pinned ?? [], signal);
  } catch (error) {
    outcome = { ok: false, buildId: '', error: (error as Error).message };
  }
  if (outcome.ok) {
    await publishing.recordSuccess(builder.siteId, requestId, outcome.buildId);
    await publishing.finishBuildRecord(record, { outcome: 'published', ...outcome });
  } else if (outcome.aborted) {
    await publishing.setSiteState(builder.siteId, 'queued');
    await publishing.finishBuildRecord(record, { outcome: 'aborted', buildId: outcome.buildId });
  } else {
    await publishing.recordFailure(builder.siteId, requestId, outcome.error);
    await publishing.finishBuildRecord(record, { outcome: 'failed', buildId: outcome.buildId, error: outcome.error });
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
