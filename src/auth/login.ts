import * as admins from '../data/signIn/admins';
import type { Logger } from 'pino';
import { log as rootLog } from '../log';
import { UNKNOWN_EMAIL_REASON } from '../domain/team/securityEvents';
import { recordSecurityEvent } from './securityLog';
import { hashPassword, verifyPassword } from './passwords';
import { admit, pruneAttempts, succeeded } from './throttle';

export type LoginOutcome =
  | { ok: true; adminId: string; email: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfter: number };

// Unknown emails are checked against this hash, so they cost the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Checks credentials under back-off (src/auth/throttle.ts) and logs the outcome (email and address,
 * never the password). The attempt is reserved before Argon2 runs, so waiting attempts cost nothing.
 */
export async function logIn(email: string, password: string, ip: string, log: Logger = rootLog): Promise<LoginOutcome> {
  const admission = await admit(email, ip);
  void pruneAttempts().catch((error: unknown) => log.warn({ err: error }, 'could not prune login attempts'));
  if (!admission.allowed) {
    log.warn({ event: 'login-throttled', email, ip, retryAfter: admission.retryAfterSeconds }, 'login throttled');
    return { ok: false, reason: 'throttled', retryAfter: admission.retryAfterSeconds };
  }
  const admin = await admins.findByEmail(email);
  dummyHash ??= hashPassword('not a real password');
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyHash), password);
  if (!admin || !valid) {
    log.warn({ event: 'login-failed', email, ip }, 'failed login');
    // The typed email, never the password; an unknown email has no member id (docs/product.md, "Security log").
    await recordSecurityEvent({
      type: 'sign-in-failed',
      actor: { adminId: admin?.id ?? null, email },
      ip,
      detail: { reason: admin ? 'wrong-password' : UNKNOWN_EMAIL_REASON },
    });
    return { ok: false, reason: 'invalid' };
  }
  await succeeded(email, ip, admission.keys);
  log.info({ event: 'login', email: admin.email, ip }, 'login');
  // No session yet: the caller asks for a second factor, or completes the sign-in (src/auth/pendingLogin.ts).
  return { ok: true, adminId: admin.id, email: admin.email };
}
