import * as admins from '../data/signIn/admins';
import * as passkeys from '../data/signIn/passkeys';
import * as sessions from '../data/signIn/sessions';
import * as twoFactor from '../data/signIn/twoFactor';
import { STEP_UP_WINDOW_MS, type StepUpMethod, type StepUpStatus } from '../domain/team/stepUp';
import { AuthError, tooManyAttempts } from './errors';
import { recordSecurityEvent } from './securityLog';
import { codesLockedError } from './codeGuessing';
import { verifyPassword } from './passwords';
import type { AdminSession } from './sessions';
import { admit, succeeded } from './throttle';
import { checkSecondFactor } from './twoFactor';

/**
 * Step-up (docs/decisions/0021-step-up.md): a session alone must not change how someone
 * signs in or who runs the site. Those routes call requireStepUp() (src/http/guards.ts): the member must have given their
 * password or a current second factor in this session within the last ten minutes (a sign-in counts),
 * else 403 `{error, code: 'step_up_required'}` and the admin UI asks "Confirm it's you" and retries.
 */
export function steppedUpUntil(session: AdminSession): Date | null {
  return session.steppedUpAt && new Date(session.steppedUpAt.getTime() + STEP_UP_WINDOW_MS);
}

/** What the member can confirm with, and until when they need not. */
export async function stepUpStatus(session: AdminSession): Promise<StepUpStatus> {
  const methods: StepUpMethod[] = ['password'];
  if ((await twoFactor.totpState(session.adminId))?.enabledAt) methods.push('code');
  if ((await passkeys.countFor(session.adminId)) > 0) methods.push('passkey');
  const until = steppedUpUntil(session);
  return { methods, steppedUpUntil: until && until > new Date() ? until.toISOString() : null };
}

/** The session is stepped up from now; the security log says how. */
export async function markSteppedUp(session: AdminSession, method: string, ip: string): Promise<Date> {
  const at = (await sessions.markSteppedUp(session.id)) ?? new Date();
  await recordSecurityEvent({ type: 'step-up', actor: session, ip, detail: { method } });
  return new Date(at.getTime() + STEP_UP_WINDOW_MS);
}

export async function stepUpFailed(session: AdminSession, method: string, ip: string): Promise<void> {
  await recordSecurityEvent({ type: 'step-up-failed', actor: session, ip, detail: { method } });
}

/**
 * The password, under the sign-in back-off of this account (src/auth/throttle.ts): guessing it
 * through a stolen session is no cheaper than at the login form. Until when it holds.
 */
export async function stepUpWithPassword(session: AdminSession, password: string, ip: string): Promise<Date> {
  const admission = await admit(session.email, ip);
  if (!admission.allowed) throw tooManyAttempts(admission.retryAfterSeconds);
  const admin = await admins.findById(session.adminId);
  if (!admin || !(await verifyPassword(admin.passwordHash, password))) {
    await stepUpFailed(session, 'password', ip);
    throw new AuthError('invalid', 'That password is not right', {
      fieldErrors: { password: ['That password is not right'] },
    });
  }
  await succeeded(session.email, ip, admission.keys);
  return markSteppedUp(session, 'password', ip);
}

/**
 * A code from the authenticator app or a recovery code, checked as at sign-in: once each, under the
 * back-off, and counted towards the account's code lock (src/auth/codeGuessing.ts).
 */
export async function stepUpWithCode(session: AdminSession, code: string, ip: string): Promise<Date> {
  if (!(await twoFactor.totpState(session.adminId))?.enabledAt) {
    throw new AuthError('invalid', 'You have no authenticator app: use your password', {
      fieldErrors: { code: ['You have no authenticator app: use your password'] },
    });
  }
  const check = await checkSecondFactor(session, code, ip);
  if (check.ok) return markSteppedUp(session, check.method, ip);
  if (check.reason === 'locked') throw codesLockedError(check.until);
  if (check.reason === 'throttled') throw tooManyAttempts(check.retryAfter);
  throw new AuthError('invalid', 'That code is not right', { fieldErrors: { code: ['That code is not right'] } });
}
