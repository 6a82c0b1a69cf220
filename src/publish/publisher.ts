import { latestRequest, readSite, trimHistory, type LatestRequest } from '../data/publishing';
import { onPublishRequest } from '../data/publishSignal';
import { tryBuildLock } from './lock';
import { decide, isPending, shouldAbortSpeculative, type Decision } from './policy';
import { publishAndRecord, type Builder } from './record';

export interface PublisherOptions {
  /** Who publishes; with a `hookUrl`, every publish calls the CDN's deploy hook. */
  builder: Builder;
  debounceMs: number;
  /** The fallback look at the queue, for notifications lost with a connection. */
  pollMs?: number;
  /** Deploy-hook mode: the quiet period before the hook is called. */
  hookQuietMs?: number;
  onPublished?: () => void;
  /** True when a build starts, false when it has ended, however it ended. */
  onBuilding?: (building: boolean) => void;
  log?: (message: string) => void;
}

/**
 * Debounced, single-flight publishing of one site. The decisions are `decide()`'s (policy.ts); this
 * class only runs them: it wakes on a change (wake-up module) or the poll, asks the policy, takes the
 * site's build lock, builds and records. A request during a build causes exactly one follow-up look.
 */
export class Publisher {
  private running = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private lastError = '';
  private lastErrorLoggedAt = 0;
  /** Set when a speculative build was aborted: wait for quiet before building again. */
  private inBurst = false;

  constructor(private readonly opts: PublisherOptions) {}

  async start(): Promise<void> {
    this.unsubscribe = await onPublishRequest(() => this.schedule(0), this.opts.log);
    this.poller = setInterval(() => this.schedule(0), this.opts.pollMs ?? 500);
    this.poller.unref();
    this.schedule(0);
  }

  /** Stops scheduling; resolves when a running build has finished (SIGTERM must not leave half a swap). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    clearTimeout(this.timer);
    await this.unsubscribe?.();
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

  private decision(site: Awaited<ReturnType<typeof readSite>>, latest: LatestRequest): Decision {
    const { debounceMs, hookQuietMs, builder } = this.opts;
    return decide({
      site,
      latest,
      now: Date.now(),
      inBurst: this.inBurst,
      settings: { debounceMs, hookQuietMs: builder.hookUrl ? hookQuietMs : undefined },
    });
  }

  /** One decision; returns when to look again (null: wait for a wake-up or the poll). */
  private async step(): Promise<number | null> {
    const { siteId } = this.opts.builder;
    const [site, latest] = await Promise.all([readSite(siteId), latestRequest(siteId)]);
    const decision = this.decision(site, latest);
    if (decision.action === 'wait') return null;
    if (decision.action === 'debounce') return decision.retryInMs;
    const release = await tryBuildLock(siteId);
    if (!release) return this.opts.pollMs ?? 500;
    try {
      // Another instance sharing this site may have published while this one waited for the lock.
      const [fresh, target] = await Promise.all([readSite(siteId), latestRequest(siteId)]);
      if (decision.reason !== 'daily' && !isPending(fresh, target)) return 0;
      await this.publish(target, decision.reason, decision.speculative);
    } finally {
      await release();
    }
    return 0;
  }

  private async publish(
    target: LatestRequest,
    reason: 'change' | 'daily' | 'full',
    speculative: boolean,
  ): Promise<void> {
    const { builder, log } = this.opts;
    if (!builder.hookUrl) log?.(`publisher: build started at ${new Date().toISOString()} for request ${target.id}`);
    const controller = new AbortController();
    const watcher = speculative ? this.watchForBurst(target, controller) : null;
    this.opts.onBuilding?.(true);
    const result = await publishAndRecord(builder, target.id, reason, controller.signal).finally(() => {
      watcher?.stop();
      this.opts.onBuilding?.(false);
    });
    const ended = new Date().toISOString();
    if (result.outcome === 'aborted') {
      this.inBurst = true;
      log?.(
        `publisher: build for request ${target.id} aborted, more changes followed within the debounce, ended at ${ended}`,
      );
      return;
    }
    this.inBurst = false;
    if (result.outcome === 'failed') {
      log?.(
        `publisher: ${result.how === 'deploy-hook' ? result.error : `build ${result.buildId} failed, live site unchanged, ended at ${ended}: ${result.error}`}`,
      );
      return;
    }
    this.opts.onPublished?.();
    await trimHistory(target.id);
    if (result.how === 'deploy-hook') log?.('publisher: deploy hook called');
    else {
      log?.(
        `publisher: published ${result.buildId} in ${result.ms} ms (${result.how}: ${result.rendered} rendered, ${result.restored} restored; ${result.phases}), ended at ${ended}`,
      );
    }
  }

  /** During the first debounce window of a speculative build, aborts it if another change follows. */
  private watchForBurst(target: LatestRequest, controller: AbortController): { stop(): void } {
    const { debounceMs, builder } = this.opts;
    const until = Date.now() + debounceMs + 500;
    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      if (Date.now() > until) return clearInterval(timer);
      checking = true;
      latestRequest(builder.siteId)
        .then((latest) => shouldAbortSpeculative(target, latest, debounceMs) && controller.abort())
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, 100);
    return { stop: () => clearInterval(timer) };
  }
}
