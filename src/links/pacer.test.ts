import { describe, expect, test } from 'vitest';
import { Pacer, type PacerClock } from './pacer';

/**
 * Virtual time: sleepers wake one at a time, earliest first, and the clock jumps to each wake-up, so
 * the test waits for nothing.
 */
function virtualClock() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const clock: PacerClock = {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
  };
  async function settle<T>(work: Promise<T>): Promise<T> {
    let finished = false;
    void work.finally(() => (finished = true));
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      sleepers.sort((a, b) => a.until - b.until);
      const next = sleepers.shift();
      if (next) {
        now = Math.max(now, next.until);
        next.wake();
      }
    }
    return work;
  }
  return { clock, settle };
}

describe('the link checker’s pace', () => {
  test('checks of one host start at most once a second; other hosts do not wait for it', async () => {
    const { clock, settle } = virtualClock();
    const pacer = new Pacer(4, 1_000, clock);
    const starts: [string, number][] = [];
    const check = (host: string) => pacer.run(host, async () => void starts.push([host, clock.now()]));
    await settle(Promise.all([check('a.test'), check('a.test'), check('b.test'), check('a.test')]));
    const of = (host: string) => starts.filter(([h]) => h === host).map(([, at]) => at);
    expect(of('a.test')).toEqual([0, 1_000, 2_000]);
    expect(of('b.test')).toEqual([0]);
  });

  test('a check that waited for a place still starts a full second after its host’s last start', async () => {
    const { clock, settle } = virtualClock();
    const pacer = new Pacer(1, 1_000, clock);
    const starts: [string, number][] = [];
    const check = (host: string, takes: number) =>
      pacer.run(host, async () => {
        starts.push([host, clock.now()]);
        await clock.sleep(takes);
      });
    // b's first check holds the one place until 1,400, past both of a's slots (0 and 1,000): a's
    // second check may not start at 1,400 right after its first.
    await settle(Promise.all([check('b.test', 1_400), check('a.test', 0), check('a.test', 0)]));
    const of = (host: string) => starts.filter(([h]) => h === host).map(([, at]) => at);
    const [first, second] = of('a.test');
    expect(second! - first!).toBeGreaterThanOrEqual(1_000);
  });

  test('at most 4 checks run at once, and the queue drains', async () => {
    const pacer = new Pacer(4, 0, virtualClock().clock);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const checks = Array.from({ length: 10 }, (_, i) =>
      pacer.run(`host-${i}.test`, async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
      }),
    );
    for (let round = 0; round < 10; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(4);
      release.shift()?.();
    }
    await Promise.all(checks);
    expect(most).toBe(4);
    expect(pacer.load).toBe(0);
  });
});
