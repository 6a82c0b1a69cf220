import * as admins from '../data/signIn/admins';
import type { Actor } from '../domain/actor';
import { transaction } from '../data/database/transaction';
import * as twoFactor from '../data/signIn/twoFactor';
import type { TotpStatus } from '../domain/team/secondFactor';
import { AuthError, tooManyAttempts } from './errors';
import { COMMAND_LINE, recordSecurityEvent } from './securityLog';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recoveryCodes';
import { codesLockedError, codesLockedUntil, countWrongCode, CODE_LOCK_MS } from './codeGuessing';
import * as codeLock from '../data/locks/codeLock';
import { mailFactorChange } from '../mail/memberMail';
import { sendNow } from '../mail/sender';
import { secondFactorMethods } from './secondFactors';
import { admit, succeeded } from './throttle';
import { matchingStep, newTotpSecret, otpauthUrl, TOTP_CODE_PATTERN } from './totp';

/**
 * TOTP enrolment, recovery codes and checking a second factor (docs/product.md, "Two-factor
 * sign-in"). Secrets and codes never reach a log or the security log; the events name only what
 * happened.
 */
export type Member = Pick<Actor, 'adminId' | 'email'>;

const INVALID_CODE = 'Invalid code';

/** Starts (or restarts) enrolment: a new secret, replacing one that was never confirmed. */
export async function startTotpEnrolment(member: Member): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = newTotpSecret();
  if (!(await twoFactor.setPendingSecret(member.adminId, secret))) {
    throw new AuthError('conflict', 'The authenticator app is already on; turn it off first to set up another');
  }
  return { secret, otpauthUrl: otpauthUrl(member.email, secret) };
}

/** The first code from the app turns TOTP on; the answer is the recovery codes, shown once. */
export async function confirmTotp(member: Member, code: string, ip: string): Promise<string[]> {
  const state = await twoFactor.totpState(member.adminId);
  if (!state?.secret || state.enabledAt) {
    throw new AuthError('conflict', 'Start setting up the authenticator app first');
  }
  const step = await matchingStep(state.secret, code.trim(), state.lastStep);
  const codes = newRecoveryCodes();
  if (step === null || !(await twoFactor.enableTotp(member.adminId, step, codes.map(hashRecoveryCode)))) {
    throw new AuthError('invalid', INVALID_CODE, {
      fieldErrors: { code: ['That code is not right: type the current code from the app'] },
    });
  }
  await transaction(async (tx) => {
    await recordSecurityEvent({ type: 'totp-enabled', actor: member, ip }, tx);
    await mailFactorChange(tx, member.email, { kind: 'totp-enabled' });
  });
  return codes;
}

export type CodeCheck =
  | { ok: true; method: 'totp' | 'recovery' }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfter: number }
  | { ok: false; reason: 'locked'; until: Date };

/**
 * Checks a TOTP code or a recovery code under the password back-off (src/auth/throttle.ts), with its
 * own subject per account so a correct password does not clear second-factor failures. A TOTP code
 * is claimed for its step, a recovery code is used up. Failures are recorded as security events,
 * and counted towards the account's code lock (src/auth/codeGuessing.ts), which refuses every code.
 */
export async function checkSecondFactor(member: Member, code: string, ip: string): Promise<CodeCheck> {
  const lockedUntil = await codesLockedUntil(member.adminId);
  if (lockedUntil) return { ok: false, reason: 'locked', until: lockedUntil };
  const subject = `second-factor:${member.email}`;
  const admission = await admit(subject, ip);
  if (!admission.allowed) return { ok: false, reason: 'throttled', retryAfter: admission.retryAfterSeconds };
  const method = await useCode(member.adminId, code.trim());
  if (!method) {
    await recordSecurityEvent({ type: 'second-factor-failed', actor: member, ip });
    if (await countWrongCode(member, ip))
      return { ok: false, reason: 'locked', until: new Date(Date.now() + CODE_LOCK_MS) };
    return { ok: false, reason: 'invalid' };
  }
  await succeeded(subject, ip, admission.keys);
  if (method === 'recovery') {
    const remaining = await twoFactor.unusedRecoveryCodes(member.adminId);
    await recordSecurityEvent({ type: 'recovery-code-used', actor: member, ip, detail: { remaining } });
  }
  return { ok: true, method };
}

async function useCode(adminId: string, code: string): Promise<'totp' | 'recovery' | null> {
  const state = await twoFactor.totpState(adminId);
  if (!state?.enabledAt || !state.secret) return null;
  if (TOTP_CODE_PATTERN.test(code)) {
    const step = await matchingStep(state.secret, code, state.lastStep);
    return step !== null && (await twoFactor.claimStep(adminId, step)) ? 'totp' : null;
  }
  if (looksLikeRecoveryCode(code) && (await twoFactor.useRecoveryCode(adminId, hashRecoveryCode(code)))) {
    return 'recovery';
  }
  return null;
}

/** A signed-in member's own change (turn off, new codes) asks for a current code first. */
async function requireCurrentCode(member: Member, code: string, ip: string): Promise<void> {
  const check = await checkSecondFactor(member, code, ip);
  if (check.ok) return;
  if (check.reason === 'locked') throw codesLockedError(check.until);
  if (check.reason === 'throttled') {
    throw tooManyAttempts(check.retryAfter);
  }
  throw new AuthError('invalid', INVALID_CODE, { fieldErrors: { code: ['That code is not right'] } });
}

/** Turns TOTP off (and its recovery codes) after a current code from the app or a recovery code. */
export async function turnOffTotp(member: Member, code: string, ip: string): Promise<void> {
  const state = await twoFactor.totpState(member.adminId);
  if (!state?.enabledAt) throw new AuthError('conflict', 'The authenticator app is not on');
  // Under the owner's rule the last second factor stays: turning it off would shut the member out.
  if ((await twoFactor.twoFactorRequired()) && !(await secondFactorMethods(member.adminId)).includes('passkey')) {
    throw new AuthError('conflict', 'This site requires two-factor sign-in: add a passkey before turning the app off');
  }
  await requireCurrentCode(member, code, ip);
  await twoFactor.disableTotp(member.adminId);
  await transaction(async (tx) => {
    await recordSecurityEvent({ type: 'totp-disabled', actor: member, ip }, tx);
    await mailFactorChange(tx, member.email, { kind: 'totp-disabled' });
  });
}

/** Ten new recovery codes replace the old ones (all of them, used or not). */
export async function renewRecoveryCodes(member: Member, code: string, ip: string): Promise<string[]> {
  const state = await twoFactor.totpState(member.adminId);
  if (!state?.enabledAt) throw new AuthError('conflict', 'The authenticator app is not on');
  await requireCurrentCode(member, code, ip);
  const codes = newRecoveryCodes();
  await twoFactor.replaceRecoveryCodes(member.adminId, codes.map(hashRecoveryCode));
  await transaction(async (tx) => {
    await recordSecurityEvent({ type: 'recovery-codes-renewed', actor: member, ip }, tx);
    await mailFactorChange(tx, member.email, { kind: 'recovery-codes-renewed' });
  });
  return codes;
}

export async function totpStatus(adminId: string): Promise<TotpStatus> {
  const state = await twoFactor.totpState(adminId);
  const enabled = Boolean(state?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? await twoFactor.unusedRecoveryCodes(adminId) : 0 };
}

/**
 * `npm run admin -- reset-2fa --email E`, for a member who lost their device: every second factor
 * and session of theirs ends, and a code lock lifts, recorded as 'two-factor-reset' in the same
 * transaction; the member is mailed. Null for an unknown email.
 */
export async function resetTwoFactor(email: string): Promise<{ email: string; mailed: boolean } | null> {
  const member = await admins.findByEmail(email);
  if (!member) return null;
  const mail = await transaction(async (tx) => {
    await twoFactor.resetSecondFactors(tx, member.id);
    await codeLock.clear(tx, member.id);
    await recordSecurityEvent(
      {
        type: 'two-factor-reset',
        actor: COMMAND_LINE,
        ip: 'command line',
        subject: { id: member.id, email: member.email },
      },
      tx,
    );
    return mailFactorChange(tx, member.email, { kind: 'two-factor-reset' });
  });
  // The CLI exits before a sender's loop would run: one attempt now; if it fails, a server retries it.
  const mailed = (await sendNow([mail])).sent === 1;
  return { email: member.email, mailed };
}
