import { tryAdvisoryLock } from './advisoryLock';

/**
 * One sender of alert digests at a time, with the lock the publisher takes: of several instances
 * on one PostgreSQL server exactly one sends. On the embedded database each alert's window is also
 * claimed row by row (alerts.claim), so the admin CLI joining that process's database cannot send
 * the same digest again.
 */
const ALERTS_LOCK = 7_110_003;

export function trySendLock(): Promise<(() => Promise<void>) | null> {
  return tryAdvisoryLock(ALERTS_LOCK, 'alert digests');
}
