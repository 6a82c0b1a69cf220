import type { Socket } from 'node:net';
import { describe, expect, test } from 'vitest';
import { HandOffBudget, type Holder } from './handOffBudget';

const MiB = 1024 * 1024;
/** A connection gathering a body, from `client`; its socket only records being closed. */
const holder = (client: string): Holder & { closed: () => boolean } => {
  let destroyed = false;
  const socket = { destroy: () => void (destroyed = true) } as unknown as Socket;
  return { socket, client, gathered: 0, closed: () => destroyed };
};
const limits = { total: 32 * MiB, perClient: 8 * MiB, bodiesPerClient: 4 };

describe('a full budget', () => {
  test('closes the largest body being gathered, not the newcomer', () => {
    const budget = new HandOffBudget(limits);
    const hoarders = ['a', 'b', 'c', 'd'].map(holder);
    hoarders.forEach((h, i) => expect(budget.gather(h, (7 + i * 0.25) * MiB)).toBe(true));
    const newcomer = holder('e');
    expect(budget.gather(newcomer, 5 * MiB)).toBe(true);
    // d held the most (7.75 MiB): it went, and only it.
    expect(hoarders.map((h) => h.closed())).toEqual([false, false, false, true]);
    expect(newcomer.closed()).toBe(false);
    expect(budget.held).toBeLessThanOrEqual(limits.total);
  });

  test('closes the newcomer only when it would itself be the largest', () => {
    const budget = new HandOffBudget(limits);
    const small = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(holder);
    for (const h of small) expect(budget.gather(h, 4 * MiB)).toBe(true);
    const big = holder('h');
    expect(budget.gather(big, 4 * MiB)).toBe(true);
    // 32 MiB held; the newcomer's next 2 MiB makes it the largest holder: it goes.
    expect(budget.gather(big, 2 * MiB)).toBe(false);
    expect(big.closed()).toBe(true);
    expect(small.some((h) => h.closed())).toBe(false);
    expect(budget.held).toBe(28 * MiB);
  });

  test('bytes sent to an app that has not taken them are never shed: a send beyond them is refused', () => {
    const budget = new HandOffBudget(limits);
    for (const client of ['a', 'b', 'c', 'd']) expect(budget.send(client, 7 * MiB)).toBe(true);
    expect(budget.send('e', 5 * MiB)).toBe(false);
    budget.taken('a', 7 * MiB);
    expect(budget.send('e', 5 * MiB)).toBe(true);
    expect(budget.held).toBe(26 * MiB);
  });
});

describe('one client address', () => {
  test("holds at most one body's worth: beyond it, its own largest body is closed and no one else's", () => {
    const budget = new HandOffBudget(limits);
    const other = holder('b');
    expect(budget.gather(other, 6 * MiB)).toBe(true);
    const first = holder('a');
    const second = holder('a');
    expect(budget.gather(first, 5 * MiB)).toBe(true);
    expect(budget.gather(second, 2 * MiB)).toBe(true);
    expect(budget.gather(second, 2 * MiB)).toBe(true);
    expect(first.closed()).toBe(true);
    expect(second.closed()).toBe(false);
    expect(other.closed()).toBe(false);
    expect(budget.held).toBe(10 * MiB);
  });

  test('gathers at most four bodies at once', () => {
    const budget = new HandOffBudget(limits);
    const bodies = [1, 2, 3, 4].map(() => holder('a'));
    bodies.forEach((h, i) => expect(budget.gather(h, (i + 1) * 1024)).toBe(true));
    const fifth = holder('a');
    expect(budget.gather(fifth, 1024)).toBe(true);
    expect(bodies.map((h) => h.closed())).toEqual([false, false, false, true]);
  });

  test('is forgotten once it holds nothing, and a holder dropped twice counts once', () => {
    const budget = new HandOffBudget(limits);
    const h = holder('a');
    budget.gather(h, 3 * MiB);
    budget.drop(h);
    budget.drop(h);
    expect(budget.held).toBe(0);
    expect(budget.gather(holder('a'), 8 * MiB)).toBe(true);
  });
});
