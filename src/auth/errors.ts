/**
 * The errors of sign-in and of a member's own factors (docs/architecture.md, convention 11): auth
 * says what went wrong; `route()` (src/http/route.ts) says how HTTP answers it.
 */
export type AuthErrorKind = 'invalid' | 'forbidden' | 'notFound' | 'conflict' | 'throttled';

export class AuthError extends Error {
  constructor(
    readonly kind: AuthErrorKind,
    message: string,
    readonly details: {
      /** Messages per form field (a refused code, a refused passkey response). */
      fieldErrors?: Record<string, string[]>;
      /** Seconds until trying again makes sense (throttled, locked). */
      retryAfter?: number;
      /** A refusal the admin UI answers in its own way (e.g. 'second_factor_locked'). */
      code?: string;
    } = {},
  ) {
    super(message);
  }
}

/** Too many attempts: the one message of every back-off. */
export const tooManyAttempts = (retryAfter: number) =>
  new AuthError('throttled', 'Too many attempts. Try again later.', { retryAfter });
