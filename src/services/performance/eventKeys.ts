import { createHmac, randomBytes } from 'node:crypto';
import { serverEnv } from '../../settings';
import { addressLimitKey } from '../../domain/clientNetwork';

/**
 * The day's key of the listing counts' hashes (docs/decisions/0020-listing-analytics.md). It is
 * never written anywhere: with ANALYTICS_SECRET set, every instance derives the same key from it
 * and the day, so a client counts once a day across the fleet; without it, each process draws a
 * random key per day and keeps it in memory, so a client may count once per process (and again
 * after a restart) that day. A hash of today cannot be tested against guessed addresses by anyone
 * holding the database alone, and yesterday's key is gone with yesterday.
 */
let today: { day: string; key: Buffer } | undefined;

function dayKey(day: string): Buffer {
  if (today?.day === day) return today.key;
  const secret = serverEnv().analyticsSecret;
  const key = secret ? createHmac('sha256', secret).update(`listing-events ${day}`).digest() : randomBytes(32);
  today = { day, key };
  return key;
}

/**
 * What is known of the client for an instant: never kept, only hashed. A repeat is judged by the
 * address alone (an IPv6 client by its /64, domain/clientNetwork.ts): the User-Agent is the
 * client's to choose, so a new one per beacon would otherwise count every time.
 */
export interface EventClient {
  address: string;
}

const hash = (day: string, text: string) =>
  createHmac('sha256', dayKey(day)).update(text).digest().subarray(0, 16).toString('base64url');

/** One client's event of one type for one training on `day`: equal for its repeats that day only. */
export function eventHash(day: string, client: EventClient, trainingId: string, type: string): string {
  return hash(day, `${addressLimitKey(client.address)}\n${trainingId}\n${type}`);
}

/** The client as the day's bound on what it may add knows it: equal for its events that day only. */
export function clientHash(day: string, client: EventClient): string {
  return hash(day, `client\n${addressLimitKey(client.address)}`);
}

/** The client's address as the rate limit knows it: not the address itself, even in memory. */
export function addressHash(day: string, address: string): string {
  return hash(day, `limit\n${addressLimitKey(address)}`);
}
