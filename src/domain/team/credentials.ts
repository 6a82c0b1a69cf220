import { z } from 'zod';

/**
 * Admin credentials, one rule for the login form, the login API, the admin CLI and the start-up
 * bootstrap. The email rule accepts a single-label domain because the default admin created on a
 * first start is `admin@localhost`; zod's z.email() wants a dotted domain and refused it.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';
export const EMAIL_MAX_LENGTH = 320;
export const PASSWORD_MIN_LENGTH = 12;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const EMAIL_PATTERN = new RegExp(`^[^\\s@"<>()\\[\\],;:\\\\]+@${LABEL}(?:\\.${LABEL})*$`, 'i');

export const EMAIL_INVALID = 'Enter a valid email address';
export const PASSWORD_TOO_SHORT = `Use a password of at least ${PASSWORD_MIN_LENGTH} characters`;

export const AdminEmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_INVALID })
  .regex(EMAIL_PATTERN, { error: EMAIL_INVALID });

/** For passwords being set (CLI, ADMIN_PASSWORD); sign-in accepts any stored password. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT })
  .max(1000, { error: 'Use a password of at most 1000 characters' });

/** The first problem with an email/password pair about to be stored, or null when both are fine. */
export function newCredentialsProblem(email: string, password: string): string | null {
  const emailResult = AdminEmailSchema.safeParse(email);
  if (!emailResult.success) return `${emailResult.error.issues[0]!.message}: ${email}`;
  const passwordResult = NewPasswordSchema.safeParse(password);
  if (!passwordResult.success) return passwordResult.error.issues[0]!.message;
  return null;
}
