import { z } from 'zod';
import { AdminEmailSchema } from '../team/credentials';

/**
 * "Report a problem with this listing" (docs/product.md, Trust): what a visitor can say, the limits
 * that keep the form from being abused, and how the team ends a report. One schema for the page's
 * form, `POST /api/reports` and the tests.
 */
export const REPORT_REASONS = ['dates-or-price', 'register-link', 'cancelled', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'dates-or-price': 'Wrong dates or price',
  'register-link': 'Register link does not work',
  cancelled: 'Training cancelled',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;
/** Reports one client address (an IPv6 client: its /64) may send in a day; the next is 429. */
export const REPORTS_PER_ADDRESS_PER_DAY = 5;
/** Reports one training may receive in a day, from every address together; the next is 429. */
export const REPORTS_PER_TRAINING_PER_DAY = 20;
/** Reports the whole site takes in a day; the next is 429, so a flood from many addresses stays bounded. */
export const REPORTS_PER_SITE_PER_DAY = 200;
/** Outcome mails one reporter address is sent in a day; a further report's outcome is not mailed to it. */
export const OUTCOME_MAILS_PER_ADDRESS_PER_DAY = 1;

/** Which daily limit refused a report, and what the reporter is told (docs/product.md, Trust). */
export type ReportLimit = 'address' | 'training' | 'site';
export const REPORT_LIMIT_MESSAGES: Record<ReportLimit, string> = {
  address: `We have received ${REPORTS_PER_ADDRESS_PER_DAY} reports from your connection today. Please try again tomorrow.`,
  training: 'This listing has had many reports today, and we are looking at them. Please try again tomorrow.',
  site: 'We have received many reports today. Please try again tomorrow.',
};
/**
 * The form's hidden field that people never see or fill: a post with it filled is answered like any
 * other and stored nowhere.
 */
export const REPORT_HONEYPOT_FIELD = 'homepage';

export const REPORT_MESSAGES = {
  trainingId: 'Training not found',
  reason: 'Choose what is wrong',
  details: `Use at most ${REPORT_DETAILS_MAX} characters`,
  detailsNeeded: 'Say what is wrong',
  note: 'Write a note of what was done (at most 1,000 characters)',
  outcome: 'Choose fixed or dismissed',
} as const;

export const ReportRequestSchema = z
  .object({
    trainingId: z.uuid({ error: REPORT_MESSAGES.trainingId }),
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reason }),
    details: z
      .string({ error: REPORT_MESSAGES.details })
      .trim()
      .max(REPORT_DETAILS_MAX, { error: REPORT_MESSAGES.details })
      .nullish()
      .transform((value) => value || null),
    email: z
      .union([z.literal(''), AdminEmailSchema])
      .nullish()
      .transform((value) => value || null),
    [REPORT_HONEYPOT_FIELD]: z.string().max(2000).nullish(),
  })
  .superRefine((report, ctx) => {
    if (report.reason === 'other' && !report.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: REPORT_MESSAGES.detailsNeeded });
  });
export type ReportRequest = z.output<typeof ReportRequestSchema>;

export const REPORT_OUTCOMES = ['fixed', 'dismissed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export type ReportStatus = 'open' | ReportOutcome;

export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = { fixed: 'Fixed', dismissed: 'Dismissed' };

const noteField = z
  .string({ error: REPORT_MESSAGES.note })
  .trim()
  .min(1, { error: REPORT_MESSAGES.note })
  .max(1000, { error: REPORT_MESSAGES.note });

/** How the team ends a report: fixed or dismissed, and a note of what was done. */
export const CloseReportSchema = z.strictObject({
  outcome: z.enum(REPORT_OUTCOMES, { error: REPORT_MESSAGES.outcome }),
  note: noteField,
});
export type CloseReport = z.output<typeof CloseReportSchema>;

/** How the team dismisses a broken link (a site that refuses checkers): a note of why. */
export const DismissLinkSchema = z.strictObject({ note: noteField });

/** A report form post that was refused, as the page that shows the form again needs it. */
export interface RefusedReport {
  status: 400 | 404 | 429;
  /** For a 429: which daily limit it was. */
  limit?: ReportLimit;
  trainingId: string;
  kept: { reason: string; details: string; email: string; errors: Record<string, string[]> };
}
