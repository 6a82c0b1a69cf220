import { z } from 'zod';
import { escapeHtml, type MailContent } from '../mailContent';
import { ADMIN, PARTNER_ACCOUNT, PARTNER_SIGN_IN, TEAM_SIGN_IN } from '../adminPaths';
import { AdminEmailSchema, NewPasswordSchema } from './credentials';

/**
 * Passwords for members who are not on the server (docs/product.md, Passwords): "Forgot password?"
 * mails a single-use link valid for an hour; the member's Account page changes it after a step-up.
 * The paths, schemas, limits and words, once, for the pages, the API, the mail and the tests.
 */
/** A mailed link, as its page finds it. */
export type ResetLookup =
  { status: 'open'; email: string; side: 'team' | 'partner' } | { status: 'expired' | 'invalid' };

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Each side's pages: a partner's never say "admin" (docs/product.md, Partners). */
export const TEAM_PASSWORD_RESET = `${ADMIN}/reset-password`;
export const PARTNER_PASSWORD_RESET = `${PARTNER_ACCOUNT}/reset-password`;
export const passwordResetPath = (side: 'team' | 'partner') =>
  side === 'partner' ? PARTNER_PASSWORD_RESET : TEAM_PASSWORD_RESET;
export const signInPath = (side: 'team' | 'partner') => (side === 'partner' ? PARTNER_SIGN_IN : TEAM_SIGN_IN);

/** Requests that mail a link, per hour: per client network (IPv4 address, IPv6 /64), per typed address, per account. */
export const RESET_REQUESTS_PER_NETWORK_PER_HOUR = 10;
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 3;
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;

export const PasswordResetRequestSchema = z.strictObject({ email: AdminEmailSchema });
export const PasswordResetConfirmSchema = z.strictObject({
  token: z.string({ error: 'The link is not valid' }).regex(RESET_TOKEN_PATTERN, { error: 'The link is not valid' }),
  password: NewPasswordSchema,
});
export const ChangePasswordSchema = z.strictObject({ password: NewPasswordSchema });

/** The same answer whether or not a member has the address: it reveals no account. */
export const RESET_REQUESTED =
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 1 hour.';
export const RESET_LINK_GONE = 'This link is not valid: it was used, or a newer link replaced it';
export const RESET_LINK_EXPIRED = 'This link has expired: links work for 1 hour';
export const PASSWORD_SET = 'Password changed. Sign in with your new password.';
export const PASSWORD_CHANGED = 'Password changed. Your other sessions were signed out.';

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The mail with the link: what it is for, until when it works, and what to do if it was not you. */
export function passwordResetMail(input: { url: string; email: string; expiresAt: Date }): MailContent {
  const asked = `Someone asked to reset the password of the EMDR Training account ${input.email}.`;
  const works = `The link works once, until ${utc(input.expiresAt)}. Your sessions end when you use it; two-factor sign-in stays on.`;
  const ifNot = 'If it was not you, ignore this mail: your password stays as it is.';
  return {
    subject: 'Choose a new password for EMDR Training',
    text: [asked, '', 'To choose a new password, open this link:', input.url, '', works, ifNot].join('\n'),
    html:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>EMDR Training</title></head>` +
      `<body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">` +
      `<p>${escapeHtml(asked)}</p><p><a href="${escapeHtml(input.url)}">Choose a new password</a></p>` +
      `<p>${escapeHtml(works)}</p><p>${escapeHtml(ifNot)}</p></body></html>`,
  };
}
