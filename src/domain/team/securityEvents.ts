/**
 * The kinds of security event the change history records (docs/product.md, "Team and sign-in"):
 * sign-ins, second-factor changes, invitations, role changes and removals. One list, used by the
 * writers, the history filter and the CSV export.
 */
export const SECURITY_EVENT_TYPES = [
  'sign-in',
  'sign-in-failed',
  'second-factor-failed',
  'totp-enabled',
  'totp-disabled',
  'recovery-code-used',
  'recovery-codes-renewed',
  'passkey-added',
  'passkey-removed',
  'two-factor-reset',
  'two-factor-policy-changed',
  'step-up',
  'step-up-failed',
  'second-factor-locked',
  'other-sessions-ended',
  'invitation-created',
  'invitation-revoked',
  'invitation-resent',
  'invitation-accepted',
  'role-changed',
  'admin-removed',
  'ownership-transferred',
  'password-reset',
  'password-reset-requested',
  'password-changed',
  'member-created',
  'sign-out',
  'sign-in-throttled',
  'partner-profiles-changed',
  'partner-trust-changed',
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** Labels for the history UI's type filter and the CSV export. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventType, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'second-factor-failed': 'Second factor failed',
  'totp-enabled': 'Authenticator app turned on',
  'totp-disabled': 'Authenticator app turned off',
  'recovery-code-used': 'Recovery code used',
  'recovery-codes-renewed': 'Recovery codes renewed',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'two-factor-reset': 'Two-factor sign-in reset',
  'two-factor-policy-changed': 'Two-factor requirement changed',
  'step-up': 'Identity confirmed',
  'step-up-failed': 'Identity not confirmed',
  'second-factor-locked': 'Sign-in codes locked',
  'other-sessions-ended': 'Signed out everywhere else',
  'invitation-created': 'Invitation sent',
  'invitation-revoked': 'Invitation revoked',
  'invitation-resent': 'Invitation sent again',
  'invitation-accepted': 'Invitation accepted',
  'role-changed': 'Role changed',
  'admin-removed': 'Member removed',
  'ownership-transferred': 'Ownership handed over',
  'password-reset': 'Password reset',
  'password-reset-requested': 'Password reset link mailed',
  'password-changed': 'Password changed',
  'member-created': 'Member created',
  'sign-out': 'Signed out',
  'sign-in-throttled': 'Sign-in attempts held back',
  'partner-profiles-changed': "Partner's trainer profiles changed",
  'partner-trust-changed': 'Partner trust changed',
};

/**
 * The detail `reason` of an entry about an email no member has (a failed or held-back sign-in).
 * Such entries are deleted after UNKNOWN_EMAIL_RETENTION_DAYS (docs/product.md, "Security log"):
 * they name someone who is not a member, and after that long they no longer tell of an attack.
 */
export const UNKNOWN_EMAIL_REASON = 'unknown-email';
export const UNKNOWN_EMAIL_RETENTION_DAYS = 90;

/** Held-back attempts are logged at most once per account and once per client network in this time. */
export const THROTTLED_ENTRY_EVERY_MS = 60 * 60 * 1000;
