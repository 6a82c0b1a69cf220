import * as attempts from '../data/signIn/loginAttempts';
import { recordThrottled } from './throttleLog';

/**
 * Login back-off instead of lockout. Each account and each client address may fail a few times
 * freely; after that every further failure doubles the wait before the next attempt is even checked
 * (no Argon2 work is spent while waiting). An address that has signed in to the account before is
 * not held back by the account's failures, so an attacker guessing from elsewhere cannot keep the
 * admin out; its own address's failures still count. Waiting and recording happen in one
 * transaction, so a parallel burst gets no more password checks than the free failures.
 */
export const FREE_FAILURES_PER_ACCOUNT = 5;
export const FREE_FAILURES_PER_ADDRESS = 10;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** Failures this old no longer count; longer than the longest wait. */
export const FORGET_AFTER_MS = 60 * 60 * 1000;
/** An address that has not signed in for this long is no longer known. */
export const KNOWN_FOR_MS = 90 * 24 * 60 * 60 * 1000;

export function backoffMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - free, 30));
}

export type Admission = { allowed: true; keys: string[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Reserves one attempt for this account and address (counted as a failure until `succeeded`), or
 * says how long to wait; a held-back attempt is in the security log (src/auth/throttleLog.ts).
 */
export async function admit(email: string, ip: string): Promise<Admission> {
  const address = attempts.addressKey(ip);
  const keys = (await attempts.isKnown(email, ip)) ? [address] : [attempts.accountKey(email), address];
  const charged = await attempts.charge(
    keys,
    (key, failures) => backoffMs(failures, key === address ? FREE_FAILURES_PER_ADDRESS : FREE_FAILURES_PER_ACCOUNT),
    FORGET_AFTER_MS,
  );
  if (!charged.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(charged.retryAfterMs / 1000));
    await recordThrottled(email, ip, retryAfterSeconds);
    return { allowed: false, retryAfterSeconds };
  }
  return { allowed: true, keys };
}

/** The password was right: the reserved attempt is not a failure, and this address is now known. */
export async function succeeded(email: string, ip: string, keys: string[]): Promise<void> {
  await attempts.clear(keys);
  await attempts.remember(email, ip);
}

/** Old back-off rows go as new ones are written, so the table stays as small as the recent attempts. */
export async function pruneAttempts(): Promise<number> {
  return attempts.prune(FORGET_AFTER_MS, KNOWN_FOR_MS);
}
