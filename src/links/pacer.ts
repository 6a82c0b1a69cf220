/**
 * How fast the link checker goes (docs/product.md, Trust): at most 4 checks at once, and at most one
 * check a second starts per host, so a pass over thousands of trainings on one course platform is a
 * polite trickle, never a burst. Each check reserves its host's next slot when it is queued and waits
 * for it without holding one of the 4 places, so a busy host never holds up the others. The pace is
 * judged again once a place is held: a check that waited for a place may otherwise start right after
 * the one before it on its host, when both waited for places that came free together.
 */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class Pacer {
  private running = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly nextStart = new Map<string, number>();
  private readonly lastStart = new Map<string, number>();

  constructor(
    private readonly concurrency = 4,
    private readonly perHostMs = 1_000,
    private readonly clock: PacerClock = realClock,
  ) {}

  /** Checks queued or running: the on-save queue refuses more beyond a bound. */
  get load(): number {
    return this.inFlight;
  }

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      const now = this.clock.now();
      const slot = Math.max(now, this.nextStart.get(host) ?? 0);
      this.nextStart.set(host, slot + this.perHostMs);
      if (slot > now) await this.clock.sleep(slot - now);
      await this.acquireOnPace(host);
      try {
        return await task();
      } finally {
        this.release();
      }
    } finally {
      this.inFlight--;
      this.forgetPast();
    }
  }

  /** Holds a place at a moment at least the pace after the host's last real start. */
  private async acquireOnPace(host: string): Promise<void> {
    for (;;) {
      await this.acquire();
      const now = this.clock.now();
      const earliest = (this.lastStart.get(host) ?? -Infinity) + this.perHostMs;
      if (now >= earliest) {
        this.lastStart.set(host, now);
        this.nextStart.set(host, Math.max(this.nextStart.get(host) ?? 0, now + this.perHostMs));
        return;
      }
      this.release();
      await this.clock.sleep(earliest - now);
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Hosts whose next slot has passed need no entry: the map stays as small as the work in hand. */
  private forgetPast(): void {
    const now = this.clock.now();
    for (const [host, at] of this.nextStart) if (at <= now) this.nextStart.delete(host);
    for (const [host, at] of this.lastStart) if (at + this.perHostMs <= now) this.lastStart.delete(host);
  }
}
