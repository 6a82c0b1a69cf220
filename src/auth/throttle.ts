import * as attempts from '../data/loginAttempts';

/**
 * Login throttling kept in the database (issue 5): more than MAX_PER_ACCOUNT failures for one
 * email, or MAX_PER_IP from one address, within WINDOW_MS → 429 until the oldest counted failure
 * leaves the window. It expires by itself; a successful login clears the account's failures.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PER_ACCOUNT = 5;
export const MAX_PER_IP = 20;

/** Seconds until another attempt is allowed, or 0 when one is allowed now. */
export async function retryAfterSeconds(email: string, ip: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const failures = await attempts.recentFailures(email, ip, since);
  const waits: number[] = [];
  if (failures.byEmail >= MAX_PER_ACCOUNT && failures.oldestEmail)
    waits.push(failures.oldestEmail.getTime() + WINDOW_MS - now.getTime());
  if (failures.byIp >= MAX_PER_IP && failures.oldestIp)
    waits.push(failures.oldestIp.getTime() + WINDOW_MS - now.getTime());
  return waits.length ? Math.max(1, Math.ceil(Math.max(...waits) / 1000)) : 0;
}
