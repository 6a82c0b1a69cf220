import { tryAdvisoryLock } from './advisoryLock';

/**
 * One runner at a time for the daily jobs of Trust (docs/product.md, Trust), with the lock the alert
 * digests take (alertLock.ts): of several instances on one PostgreSQL server exactly one checks the
 * links, and exactly one sends the reminders to confirm details.
 */
const TRUST_LOCK = 7_110_004;

export function tryLinkPassLock(): Promise<(() => Promise<void>) | null> {
  return tryAdvisoryLock(TRUST_LOCK, 'link checks');
}

export function tryReminderLock(): Promise<(() => Promise<void>) | null> {
  return tryAdvisoryLock(TRUST_LOCK, 'details reminders');
}

/** Exactly one instance reads the subscribed calendar feeds (docs/product.md, Import). */
export function tryFeedReadLock(): Promise<(() => Promise<void>) | null> {
  return tryAdvisoryLock(TRUST_LOCK, 'calendar feeds');
}
