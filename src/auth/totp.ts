import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP for authenticator apps (RFC 6238 with the apps' defaults: SHA-1, 6 digits, 30 seconds).
 * A code is accepted one step early or late (clock drift), and only for a step newer than the last
 * one accepted, so each code works once in its window (admin_users.totp_last_step).
 */
export const TOTP_ISSUER = 'EMDR Training Directory';
export const TOTP_CODE_PATTERN = /^\d{6}$/;
const DRIFT_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URL an authenticator app reads from the QR code; the account is the member's email. */
export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The time step `code` belongs to, when it is right and newer than `afterStep`; otherwise null. */
export async function matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: DRIFT_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The functional API answers for HOTP or TOTP; a TOTP result carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
