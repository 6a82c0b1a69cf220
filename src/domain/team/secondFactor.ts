import { z } from 'zod';

/** The ways to finish a sign-in's second step; 'recovery' comes with TOTP. */
export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

/** What the Account page shows of a member's authenticator app (never the secret). */
export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/**
 * A second factor typed by a member (docs/product.md, "Two-factor sign-in"): a 6-digit code from
 * the authenticator app or a recovery code. Which one it is is decided by its shape.
 */
export const CodeSchema = z.strictObject({
  code: z
    .string({ error: 'Enter the code' })
    .trim()
    .min(1, { error: 'Enter the code' })
    .max(64, { error: 'That code is too long' }),
});

/**
 * Guessing stops (docs/decisions/0021-step-up.md): the refusals the sign-in page shows, with the
 * `code` of their JSON answer.
 */
export const SIGN_IN_ENDED = 'sign_in_ended';
export const SIGN_IN_ENDED_MESSAGE = 'Too many wrong codes: sign in again';
export const CODES_LOCKED = 'second_factor_locked';
export const CODES_LOCKED_MESSAGE =
  'Too many wrong codes: codes are locked for this account for up to 24 hours. Use a passkey, or ask the site owner to reset your two-factor sign-in.';

/** The owner's switch: every member must have a second factor. */
export const TwoFactorPolicySchema = z.strictObject({
  required: z.boolean({ error: 'Say whether two-factor sign-in is required (true or false)' }),
});
