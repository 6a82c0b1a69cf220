import { buildAndSwap } from './buildSite';
import { callDeployHook } from './deployHook';
import { tryBuildLock } from './lock';
import type { SitePaths } from './paths';
import { latestRequest, readState, recordFailure, recordSuccess, setState, trimRequests } from './state';

export interface PublisherOptions {
  paths: SitePaths;
  debounceMs: number;
  /** How often other instances' requests are looked for. */
  pollMs?: number;
  /** Builds that must not be pruned (the one whose server code this process runs). */
  pinned?: string[];
  buildHookUrl?: string;
  onPublished?: () => void;
  log?: (message: string) => void;
}

const KICK = Symbol.for('emdr.publish.kick');
const DAY_MS = 86_400_000;

/**
 * Debounced, single-flight publishing (issue 3). Requests closer together than the debounce are
 * served by one build; a request during a build causes exactly one follow-up build; a failed build
 * is retried only when a newer request arrives; once a day the site is rebuilt so ended trainings
 * leave the list.
 *
 * A lone change is built at once rather than after the debounce (issue 8: save → live): if another
 * request follows within the debounce, that speculative build is aborted before it publishes
 * anything, and the burst is then served by one build after a quiet period (trailing debounce,
 * capped at 5× so a stream of edits still publishes).
 */
export class Publisher {
  private running = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private lastError = '';
  /** Set when a speculative build was aborted: wait for quiet before building again. */
  private inBurst = false;
  private lastErrorLoggedAt = 0;

  constructor(private readonly opts: PublisherOptions) {}

  start(): void {
    (globalThis as Record<symbol, unknown>)[KICK] = () => this.schedule(0);
    this.poller = setInterval(() => this.schedule(0), this.opts.pollMs ?? 500);
    this.poller.unref();
    this.schedule(0);
  }

  /** Stops scheduling; resolves when a running build has finished (SIGTERM must not leave half a swap). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    clearTimeout(this.timer);
    delete (globalThis as Record<symbol, unknown>)[KICK];
    while (this.running) await new Promise((r) => setTimeout(r, 50));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, delayMs));
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let next: number | null = null;
    try {
      next = await this.step();
    } catch (error) {
      // While the database is down this repeats every poll: say it once a minute.
      const message = `publisher: ${(error as Error).message}`;
      if (message !== this.lastError || Date.now() - this.lastErrorLoggedAt > 60_000) {
        this.opts.log?.(message);
        this.lastError = message;
        this.lastErrorLoggedAt = Date.now();
      }
      next = this.opts.pollMs ?? 500;
    } finally {
      this.running = false;
    }
    if (this.again) {
      this.again = false;
      next = 0;
    }
    if (next !== null) this.schedule(next);
  }

  /** One decision; returns when to look again (null: wait for a kick or the poll). */
  private async step(): Promise<number | null> {
    const now = Date.now();
    const [state, latest] = await Promise.all([readState(), latestRequest()]);
    const pending = latest.id > state.publishedRequestId && latest.id > state.failedRequestId;
    // A failed daily refresh is tried again after an hour, not in a loop.
    const dailyDue =
      !pending &&
      state.lastPublishedAt !== null &&
      Math.floor(state.lastPublishedAt.getTime() / DAY_MS) < Math.floor(now / DAY_MS) &&
      !(state.lastErrorAt && now - state.lastErrorAt.getTime() < 3_600_000);
    if (!pending && !dailyDue) return null;

    // A deploy hook cannot be taken back, so it always waits for quiet.
    if (pending && (this.inBurst || this.opts.buildHookUrl)) {
      const quietFor = now - latest.requestedAt.getTime();
      const waitingFor = now - (latest.oldestPendingAt?.getTime() ?? now);
      if (quietFor < this.opts.debounceMs && waitingFor < this.opts.debounceMs * 5) {
        if (state.state === 'idle') await setState('queued');
        return this.opts.debounceMs - quietFor;
      }
    }

    const release = await tryBuildLock();
    if (!release) return this.opts.pollMs ?? 500;
    try {
      // Another instance may have published while this one waited for the lock.
      const [fresh, target] = await Promise.all([readState(), latestRequest()]);
      if (pending && !(target.id > fresh.publishedRequestId && target.id > fresh.failedRequestId)) return 0;
      await setState('building');
      await this.publish(target);
    } finally {
      await release();
    }
    return 0;
  }

  private async publish(target: { id: number; requestedAt: Date; oldestPendingAt: Date | null }): Promise<void> {
    const requestId = target.id;
    const { paths, buildHookUrl, pinned = [], log } = this.opts;
    if (buildHookUrl) {
      const result = await callDeployHook(buildHookUrl);
      if (result.ok) await recordSuccess(requestId, `hook-${Date.now()}`);
      else await recordFailure(requestId, result.error);
      log?.(result.ok ? 'publisher: deploy hook called' : `publisher: ${result.error}`);
      return;
    }
    const startedAt = new Date().toISOString();
    log?.(`publisher: build started at ${startedAt} for request ${requestId}`);
    const speculative = !this.inBurst;
    const controller = new AbortController();
    const watcher = speculative ? this.watchForBurst(target, controller) : null;
    const outcome = await buildAndSwap(paths, pinned, controller.signal).finally(() => watcher?.stop());
    if (!outcome.ok && outcome.aborted) {
      this.inBurst = true;
      log?.(
        `publisher: build for request ${requestId} aborted, more changes followed within the debounce, ended at ${new Date().toISOString()}`,
      );
      return;
    }
    this.inBurst = false;
    if (outcome.ok) {
      this.opts.onPublished?.();
      await recordSuccess(requestId, outcome.buildId);
      await trimRequests(requestId);
      log?.(
        `publisher: published ${outcome.buildId} in ${outcome.ms} ms (${outcome.rendered} rendered, ${outcome.restored} restored), ended at ${new Date().toISOString()}`,
      );
    } else {
      await recordFailure(requestId, outcome.error);
      log?.(
        `publisher: build ${outcome.buildId} failed, live site unchanged, ended at ${new Date().toISOString()}: ${outcome.error}`,
      );
    }
  }

  /**
   * During the first debounce window of a speculative build, looks for a request that followed the
   * built one within the debounce (database timestamps on both sides) and aborts the build if so.
   */
  private watchForBurst(
    target: { id: number; requestedAt: Date; oldestPendingAt: Date | null },
    controller: AbortController,
  ): { stop(): void } {
    const { debounceMs } = this.opts;
    const until = Date.now() + debounceMs + 500;
    const started = target.oldestPendingAt?.getTime() ?? target.requestedAt.getTime();
    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      if (Date.now() > until) return clearInterval(timer);
      checking = true;
      latestRequest()
        .then((latest) => {
          const followed =
            latest.id > target.id && latest.requestedAt.getTime() - target.requestedAt.getTime() < debounceMs;
          const capped = latest.requestedAt.getTime() - started >= debounceMs * 5;
          if (followed && !capped) controller.abort();
        })
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, 100);
    return { stop: () => clearInterval(timer) };
  }
}
