import { LRUCache } from 'lru-cache';
import { addressHash } from './eventKeys';
import { utcDay } from '../../domain/performance/performance';

/**
 * How often one client address may post to `POST /api/events` (docs/product.md, Performance): a
 * page sends one beacon and a click or two more, so this leaves room for a clinic behind one
 * address. Counted in this process's memory, not the database (requestLimits.ts): the beacon's
 * path must cost no database round trip. A fleet of N instances lets N times as many through,
 * which only costs the counting; the dedupe still counts each client once.
 */
export const EVENTS_PER_ADDRESS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;

interface Window {
  startedAt: number;
  count: number;
}

// Bounded: a flood of addresses pushes the oldest windows out, never the memory up.
const windows = new LRUCache<string, Window>({ max: 50_000 });

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Takes one request of the address's minute; the address is kept only as a keyed hash. */
export function takeEventAllowance(address: string, now = Date.now()): Allowance {
  const key = addressHash(utcDay(now), address);
  const window = windows.get(key);
  if (!window || now - window.startedAt >= WINDOW_MS) {
    windows.set(key, { startedAt: now, count: 1 });
    return { allowed: true };
  }
  window.count += 1;
  if (window.count <= EVENTS_PER_ADDRESS_PER_MINUTE) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)) };
}
