/**
 * What a mail of the outbox is (docs/decisions/0038-mail-outbox.md), and its name on the admin
 * dashboard: one list, the repository's type and the dashboard's words.
 */
export const MAIL_KIND_LABELS = {
  confirmation: 'alert confirmation',
  digest: 'alert digest',
  'link-broken': 'broken link',
  'report-outcome': 'report outcome',
  'details-reminder': 'reminder to confirm details',
  'review-arrived': 'waiting for review',
  'review-decision': 'review decision',
  invitation: 'team invitation',
  'password-reset': 'password reset',
  'factor-change': 'sign-in change',
  'codes-locked': 'sign-in codes locked',
  introduction: 'consultation introduction',
} as const;

export type MailKind = keyof typeof MAIL_KIND_LABELS;

/** "1 attempt", "4 attempts". */
export const attemptsText = (attempts: number) => `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
