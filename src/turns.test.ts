import { describe, expect, test } from 'vitest';
import { runAtOnce, runInTurns } from './turns';

/** Steps that each keep the thread busy for `ms`, noting in `order` when each ends. */
function* busySteps(count: number, ms: number, order: string[]) {
  for (let i = 1; i <= count; i++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    order.push(`step ${i}`);
    yield;
  }
}

describe('long work in turns', () => {
  test('a request waiting on the event loop is answered between steps once a slice is used up', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('request'));
    await runInTurns(busySteps(3, 3, order), 2);
    expect(order).toEqual(['step 1', 'request', 'step 2', 'step 3']);
  });

  test('steps within one slice run without giving a turn', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('request'));
    await runInTurns(busySteps(3, 1, order), Number.POSITIVE_INFINITY);
    order.push('done');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['step 1', 'step 2', 'step 3', 'done', 'request']);
  });

  test('at once, every step runs before anything else', () => {
    const order: string[] = [];
    runAtOnce(busySteps(3, 0, order));
    expect(order).toEqual(['step 1', 'step 2', 'step 3']);
  });
});
