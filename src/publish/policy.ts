/**
 * What the publisher does next, as one pure function of (the site's progress, the newest request,
 * now, settings). Everything with a clock or a database is outside; every branch has a unit test.
 *
 * - A lone change is built at once (save → live as fast as a build): a *speculative* build.
 * - If another change follows within the debounce, that build is aborted before it publishes
 *   (`shouldAbortSpeculative`), and the burst is served by one build after a quiet period (trailing
 *   debounce, capped at 5× so a steady stream of edits still publishes). A data-only publish often
 *   ends before the next change arrives: a change within the debounce of the last publish is then
 *   the same burst, and waits for quiet too.
 * - A deploy hook cannot be taken back, so hook mode always waits for its own, longer quiet period.
 * - A failed build is retried only when a newer request arrives.
 * - Once a day the site is rebuilt so ended trainings leave it; a failed daily refresh waits an hour.
 * - An operator's request for a full rebuild is built at once, in full.
 */
import { hasUnpublishedChange } from '../domain/siteStatus';

export const DAY_MS = 86_400_000;
export const DAILY_RETRY_MS = 3_600_000;
export const BURST_CAP_FACTOR = 5;
export const HOOK_QUIET_DEFAULT_MS = 30_000;
export const HOOK_QUIET_MAX_MS = 120_000;
/** A hook waits for quiet, however long the burst, up to this: a site must publish eventually. */
export const HOOK_MAX_WAIT_MS = 600_000;

export interface SiteProgress {
  publishedRequestId: number;
  failedRequestId: number;
  lastPublishedAt: Date | null;
  lastErrorAt: Date | null;
}

export interface NewestRequest {
  id: number;
  requestedAt: Date;
  oldestPendingAt: Date | null;
  /** An operator asked for a full build (npm run admin -- rebuild-site). */
  fullRequested?: boolean;
}

export interface PolicySettings {
  debounceMs: number;
  /** Set in deploy-hook mode: the quiet period before the hook is called. */
  hookQuietMs?: number;
}

export type Decision =
  | { action: 'wait' }
  | { action: 'debounce'; retryInMs: number }
  | { action: 'publish'; reason: 'change' | 'daily' | 'full'; speculative: boolean };

/** A request newer than both the last published and the last failed one. */
export function isPending(site: SiteProgress, latest: NewestRequest): boolean {
  return hasUnpublishedChange(site, latest.id);
}

/** Published on an earlier (UTC) day, and not failed within the hour. */
export function dailyRefreshDue(site: SiteProgress, now: number): boolean {
  if (site.lastPublishedAt === null) return false;
  if (Math.floor(site.lastPublishedAt.getTime() / DAY_MS) >= Math.floor(now / DAY_MS)) return false;
  return !(site.lastErrorAt && now - site.lastErrorAt.getTime() < DAILY_RETRY_MS);
}

export function decide(input: {
  site: SiteProgress;
  latest: NewestRequest;
  now: number;
  /** A speculative build was aborted by a burst that has not been published yet. */
  inBurst: boolean;
  settings: PolicySettings;
}): Decision {
  const { site, latest, now, inBurst, settings } = input;
  if (!isPending(site, latest)) {
    return dailyRefreshDue(site, now) ? { action: 'publish', reason: 'daily', speculative: false } : { action: 'wait' };
  }
  const hook = settings.hookQuietMs !== undefined;
  // An operator's full rebuild is wanted now, and is no speculation a later change could make useless.
  if (!hook && latest.fullRequested) return { action: 'publish', reason: 'full', speculative: false };
  if (!hook && !inBurst && !followsLastPublish(site, latest, settings.debounceMs)) {
    return { action: 'publish', reason: 'change', speculative: true };
  }
  const quietMs = hook ? settings.hookQuietMs! : settings.debounceMs;
  const maxWaitMs = hook ? HOOK_MAX_WAIT_MS : settings.debounceMs * BURST_CAP_FACTOR;
  const quietFor = now - latest.requestedAt.getTime();
  const waitingFor = now - (latest.oldestPendingAt?.getTime() ?? now);
  if (quietFor < quietMs && waitingFor < maxWaitMs) return { action: 'debounce', retryInMs: quietMs - quietFor };
  return { action: 'publish', reason: 'change', speculative: false };
}

/** The first change not yet published came within the debounce of the last publish: a burst goes on. */
function followsLastPublish(site: SiteProgress, latest: NewestRequest, debounceMs: number): boolean {
  if (!site.lastPublishedAt) return false;
  const first = latest.oldestPendingAt ?? latest.requestedAt;
  return first.getTime() - site.lastPublishedAt.getTime() < debounceMs;
}

/**
 * During a speculative build for `built`: true when a later request arrived within the debounce of
 * it (database timestamps on both sides), unless the burst has already run past its cap.
 */
export function shouldAbortSpeculative(built: NewestRequest, latest: NewestRequest, debounceMs: number): boolean {
  const followed = latest.id > built.id && latest.requestedAt.getTime() - built.requestedAt.getTime() < debounceMs;
  const burstStarted = built.oldestPendingAt?.getTime() ?? built.requestedAt.getTime();
  const capped = latest.requestedAt.getTime() - burstStarted >= debounceMs * BURST_CAP_FACTOR;
  return followed && !capped;
}

/** The hook's quiet period from its setting: default 30 s, never more than 2 minutes. */
export function hookQuietMs(setting: number | undefined): number {
  if (setting === undefined || !Number.isFinite(setting) || setting < 0) return HOOK_QUIET_DEFAULT_MS;
  return Math.min(setting, HOOK_QUIET_MAX_MS);
}
