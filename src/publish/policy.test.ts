import { describe, expect, test } from 'vitest';
import { decide, hookQuietMs, shouldAbortSpeculative, type NewestRequest, type SiteProgress } from './policy';

const NOON = Date.parse('2026-11-23T12:00:00.000Z');
const at = (msFromNoon: number) => new Date(NOON + msFromNoon);

const upToDate: SiteProgress = {
  publishedRequestId: 10,
  failedRequestId: 0,
  lastPublishedAt: at(-60_000),
  lastErrorAt: null,
};
const request = (id: number, requestedAt: Date, oldestPendingAt: Date | null = requestedAt): NewestRequest => ({
  id,
  requestedAt,
  oldestPendingAt,
});
const settings = { debounceMs: 1000 };

describe('the publisher decides', () => {
  test('with nothing newer than the live build, it waits', () => {
    expect(decide({ site: upToDate, latest: request(10, at(-60_000)), now: NOON, inBurst: false, settings })).toEqual({
      action: 'wait',
    });
  });

  test('a lone change is built at once, speculatively', () => {
    expect(decide({ site: upToDate, latest: request(11, at(-10)), now: NOON, inBurst: false, settings })).toEqual({
      action: 'publish',
      reason: 'change',
      speculative: true,
    });
  });

  test('a change within the debounce of the last publish is the same burst: it waits for quiet, not built at once', () => {
    const justPublished = { ...upToDate, lastPublishedAt: at(-400) };
    expect(decide({ site: justPublished, latest: request(11, at(-100)), now: NOON, inBurst: false, settings })).toEqual(
      { action: 'debounce', retryInMs: 900 },
    );
    expect(
      decide({ site: justPublished, latest: request(11, at(-100)), now: NOON + 1000, inBurst: false, settings }),
    ).toMatchObject({ action: 'publish', speculative: false });
  });

  test("an operator's full rebuild is built at once, in full, even right after a publish", () => {
    const justPublished = { ...upToDate, lastPublishedAt: at(-100) };
    const latest = { ...request(11, at(-10)), fullRequested: true };
    expect(decide({ site: justPublished, latest, now: NOON, inBurst: false, settings })).toEqual({
      action: 'publish',
      reason: 'full',
      speculative: false,
    });
  });

  test('after an aborted build, a burst still within the debounce waits for the rest of the quiet period', () => {
    expect(decide({ site: upToDate, latest: request(12, at(-300)), now: NOON, inBurst: true, settings })).toEqual({
      action: 'debounce',
      retryInMs: 700,
    });
  });

  test('after an aborted build, a burst that has gone quiet is published by one build that is not speculative', () => {
    expect(decide({ site: upToDate, latest: request(12, at(-1500)), now: NOON, inBurst: true, settings })).toEqual({
      action: 'publish',
      reason: 'change',
      speculative: false,
    });
  });

  test('a steady stream of edits is published once it has waited five debounces', () => {
    const latest = request(30, at(-100), at(-5000));
    expect(decide({ site: upToDate, latest, now: NOON, inBurst: true, settings })).toMatchObject({
      action: 'publish',
    });
  });

  test('a change whose build failed is not retried until a newer change arrives', () => {
    const failed = { ...upToDate, failedRequestId: 11, lastErrorAt: at(-1000) };
    expect(decide({ site: failed, latest: request(11, at(-2000)), now: NOON, inBurst: false, settings })).toEqual({
      action: 'wait',
    });
    expect(decide({ site: failed, latest: request(12, at(-10)), now: NOON, inBurst: false, settings })).toMatchObject({
      action: 'publish',
    });
  });

  test('a site last published on an earlier day is refreshed without any change', () => {
    const yesterday = { ...upToDate, lastPublishedAt: at(-13 * 3_600_000) };
    expect(
      decide({ site: yesterday, latest: request(10, at(-86_400_000)), now: NOON, inBurst: false, settings }),
    ).toEqual({ action: 'publish', reason: 'daily', speculative: false });
  });

  test('a failed daily refresh waits an hour before it is tried again', () => {
    const site = { ...upToDate, lastPublishedAt: at(-13 * 3_600_000), lastErrorAt: at(-30 * 60_000) };
    const latest = request(10, at(-86_400_000));
    expect(decide({ site, latest, now: NOON, inBurst: false, settings })).toEqual({ action: 'wait' });
    expect(decide({ site, latest, now: NOON + 31 * 60_000, inBurst: false, settings })).toMatchObject({
      action: 'publish',
      reason: 'daily',
    });
  });

  test('a site never published is not refreshed daily (its first build comes from a change or the start)', () => {
    const fresh = { ...upToDate, publishedRequestId: 0, lastPublishedAt: null };
    expect(decide({ site: fresh, latest: request(0, new Date(0), null), now: NOON, inBurst: false, settings })).toEqual(
      {
        action: 'wait',
      },
    );
  });

  test('in deploy-hook mode even a lone change waits for the hook quiet period', () => {
    const hook = { debounceMs: 1000, hookQuietMs: 30_000 };
    expect(
      decide({ site: upToDate, latest: request(11, at(-1000)), now: NOON, inBurst: false, settings: hook }),
    ).toEqual({ action: 'debounce', retryInMs: 29_000 });
    expect(
      decide({ site: upToDate, latest: request(11, at(-30_000)), now: NOON, inBurst: false, settings: hook }),
    ).toEqual({ action: 'publish', reason: 'change', speculative: false });
  });

  test('in deploy-hook mode a burst longer than five quiet periods still waits for quiet (one hook call per burst)', () => {
    const hook = { debounceMs: 1000, hookQuietMs: 1000 };
    const latest = request(40, at(-100), at(-60_000));
    expect(decide({ site: upToDate, latest, now: NOON, inBurst: false, settings: hook })).toMatchObject({
      action: 'debounce',
    });
  });

  test('in deploy-hook mode an endless burst is published after ten minutes', () => {
    const hook = { debounceMs: 1000, hookQuietMs: 1000 };
    const latest = request(40, at(-100), at(-600_000));
    expect(decide({ site: upToDate, latest, now: NOON, inBurst: false, settings: hook })).toMatchObject({
      action: 'publish',
    });
  });
});

describe('a speculative build', () => {
  const built = request(11, at(0));

  test('is aborted by a change within the debounce', () => {
    expect(shouldAbortSpeculative(built, request(12, at(400)), 1000)).toBe(true);
  });

  test('is kept when the next change came after the debounce', () => {
    expect(shouldAbortSpeculative(built, request(12, at(1200)), 1000)).toBe(false);
  });

  test('is kept when nothing followed', () => {
    expect(shouldAbortSpeculative(built, built, 1000)).toBe(false);
  });

  test('is kept when its burst has already run past the cap', () => {
    expect(shouldAbortSpeculative(request(11, at(0), at(-4800)), request(12, at(300)), 1000)).toBe(false);
  });
});

describe('the hook quiet period', () => {
  test('is 30 seconds unless set', () => expect(hookQuietMs(undefined)).toBe(30_000));
  test('is capped at two minutes', () => expect(hookQuietMs(600_000)).toBe(120_000));
  test('keeps a shorter setting', () => expect(hookQuietMs(500)).toBe(500));
  test('falls back to the default for a nonsense setting', () => expect(hookQuietMs(Number.NaN)).toBe(30_000));
});
