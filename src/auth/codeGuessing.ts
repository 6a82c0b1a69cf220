import * as codeLock from '../data/locks/codeLock';
import { CODES_LOCKED, CODES_LOCKED_MESSAGE } from '../domain/team/secondFactor';
import { AuthError } from './errors';
import type { Actor } from '../domain/actor';
import { mailCodesLocked } from '../mail/memberMail';
import { transaction } from '../data/database/transaction';
import { recordSecurityEvent } from './securityLog';

/**
 * Guessing stops (docs/decisions/0021-step-up.md). The back-off of src/auth/throttle.ts
 * slows an attacker who knows the password to one code per 15 minutes, but never stops them; so:
 * - a pending sign-in ends at its tenth wrong code (the password must be given again);
 * - the twentieth wrong code of an account within 24 hours locks its codes (authenticator and
 *   recovery codes, at sign-in and at step-up) until `npm run admin -- reset-2fa` or 24 hours later,
 *   and the member is mailed. A passkey, which cannot be guessed, still signs them in; the password
 *   alone never does.
 */
export const WRONG_CODES_PER_SIGN_IN = 10;
export const WRONG_CODES_BEFORE_LOCK = 20;
export const CODE_LOCK_MS = 24 * 60 * 60 * 1000;

type Member = Pick<Actor, 'adminId' | 'email'>;

/** Until when the account's codes are locked, or null. */
export async function codesLockedUntil(adminId: string): Promise<Date | null> {
  const at = await codeLock.lockedAt(adminId, CODE_LOCK_MS);
  return at && new Date(at.getTime() + CODE_LOCK_MS);
}

/** Counts a wrong code for the account; true when this one locked it (the member is then mailed). */
export async function countWrongCode(member: Member, ip: string): Promise<boolean> {
  const { count, locked } = await codeLock.addWrongCode(member.adminId, CODE_LOCK_MS, WRONG_CODES_BEFORE_LOCK);
  if (!locked) return count >= WRONG_CODES_BEFORE_LOCK;
  await transaction(async (tx) => {
    await recordSecurityEvent({ type: 'second-factor-locked', actor: member, ip, detail: { wrongCodes: count } }, tx);
    await mailCodesLocked(tx, member.email, count, new Date(locked.getTime() + CODE_LOCK_MS));
  });
  return true;
}

/** Counts a wrong code in a pending sign-in; true when that was its last (the step must end). */
export async function pendingSignInEnds(pendingId: string): Promise<boolean> {
  return (await codeLock.countPendingWrongCode(pendingId)) >= WRONG_CODES_PER_SIGN_IN;
}

/** The answer to a code refused for the lock: 429 until it lifts, with a code the login page reads. */
export function codesLockedError(until: Date): AuthError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AuthError('throttled', CODES_LOCKED_MESSAGE, { retryAfter: seconds, code: CODES_LOCKED });
}
