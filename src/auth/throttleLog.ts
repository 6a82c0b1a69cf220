import * as admins from '../data/signIn/admins';
import * as requestLimits from '../data/requestLimits';
import { truncateClientAddress } from '../domain/team/clientAddress';
import { THROTTLED_ENTRY_EVERY_MS, UNKNOWN_EMAIL_REASON } from '../domain/team/securityEvents';
import { log } from '../log';
import { recordSecurityEvent } from './securityLog';

/**
 * Attempts the back-off holds back (src/auth/throttle.ts) are in the security log as
 * 'sign-in-throttled' (docs/security.md): at most one entry per subject (an account's password,
 * second factor or passkey sign-in) and one per client network an hour, so an attacker who keeps
 * trying, or sprays many emails from one network, adds one line an hour, not one per request. The
 * network is counted first: a blocked network spraying new emails writes no row per email.
 */
export type ThrottledMethod = 'password' | 'second-factor' | 'passkey';

/** The back-off subjects: `email`, `second-factor:email`, `passkey:email` (src/auth/twoFactor.ts, passkeySignIn.ts). */
export function throttledSubject(subject: string): { method: ThrottledMethod; email: string } {
  for (const method of ['second-factor', 'passkey'] as const) {
    if (subject.startsWith(`${method}:`)) return { method, email: subject.slice(method.length + 1) };
  }
  return { method: 'password', email: subject };
}

export async function recordThrottled(subject: string, ip: string, retryAfterSeconds: number): Promise<void> {
  try {
    const network = truncateClientAddress(ip);
    if (!(await requestLimits.take(`held-back:network:${network}`, 1, THROTTLED_ENTRY_EVERY_MS))) return;
    if (!(await requestLimits.take(`held-back:${subject.toLowerCase()}`, 1, THROTTLED_ENTRY_EVERY_MS))) return;
    const { method, email } = throttledSubject(subject);
    const member = await admins.findByEmail(email);
    await recordSecurityEvent({
      type: 'sign-in-throttled',
      actor: { adminId: member?.id ?? null, email },
      ip,
      detail: { method, retryAfterSeconds, ...(member ? {} : { reason: UNKNOWN_EMAIL_REASON }) },
    });
  } catch (error) {
    // The attempt is refused either way; a log entry that could not be written must not change that.
    log.error(
      { err: error, event: 'security-log-failed', type: 'sign-in-throttled' },
      'could not log a held-back attempt',
    );
  }
}
