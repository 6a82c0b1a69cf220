import { createHmac, randomBytes } from 'node:crypto';
import { serverEnv } from '../../settings';

/**
 * The day's key of the listing counts' hashes (docs/decisions/0020-listing-analytics.md). It is
 * never written anywhere: with ANALYTICS_SECRET set, every instance derives the same key from it
 * and the day, so a client counts once a day across the fleet; without it, each process draws a
 * random key per day and keeps it in memory, so a client may count once per process (and again
 * after a restart) that day. A hash of today cannot be tested against guessed addresses by anyone
 * holding the database alone, and yesterday's key is gone with yesterday.
 */
const STATE = Symbol.for('emdr.listingEvents.key');
type Global = typeof globalThis & { [STATE]?: { day: string; key: Buffer } };

function dayKey(day: string): Buffer {
  const g = globalThis as Global;
  if (g[STATE]?.day === day) return g[STATE].key;
  const secret = serverEnv().analyticsSecret;
  const key = secret ? createHmac('sha256', secret).update(`listing-events ${day}`).digest() : randomBytes(32);
  g[STATE] = { day, key };
  return key;
}

/** What is known of the client for an instant: never kept, only hashed. */
export interface EventClient {
  address: string;
  userAgent: string;
}

const hash = (day: string, text: string) =>
  createHmac('sha256', dayKey(day)).update(text).digest().subarray(0, 16).toString('base64url');

/** One client's event of one type for one training on `day`: equal for its repeats that day only. */
export function eventHash(day: string, client: EventClient, trainingId: string, type: string): string {
  return hash(day, `${client.address}\n${client.userAgent.slice(0, 512)}\n${trainingId}\n${type}`);
}

/** The client's address as the rate limit knows it: not the address itself, even in memory. */
export function addressHash(day: string, address: string): string {
  return hash(day, `limit\n${address}`);
}
