import { z } from 'zod';
import { AdminEmailSchema } from '../team/credentials';
import { escapeHtml, type MailContent } from '../mailContent';
import { REPORTS_PER_ADDRESS_PER_DAY, REPORTS_PER_SITE_PER_DAY, REPORT_HONEYPOT_FIELD } from '../trust/reports';

/**
 * "Request an introduction" (docs/product.md, Consultation): a clinician's short note to a consultant
 * whose offering has no Register link. Limited as reports are (docs/product.md, Trust): per client
 * address and for the site as a report's, per offering as a training's reports; the requester's
 * address goes to the consultant by mail and is kept 30 days, then deleted.
 */
export const INTRODUCTION_MESSAGE_MAX = 1000;
export const INTRODUCTIONS_PER_ADDRESS_PER_DAY = REPORTS_PER_ADDRESS_PER_DAY;
export const INTRODUCTIONS_PER_OFFERING_PER_DAY = 20;
export const INTRODUCTIONS_PER_SITE_PER_DAY = REPORTS_PER_SITE_PER_DAY;
/** How long a requester's address is kept: long enough to answer a complaint, no longer. */
export const INTRODUCTION_KEPT_DAYS = 30;
/** Requests made before this instant are deleted, their addresses with them. */
export const introductionCutoff = (now: Date): Date => new Date(now.getTime() - INTRODUCTION_KEPT_DAYS * 86_400_000);
export const INTRODUCTION_HONEYPOT_FIELD = REPORT_HONEYPOT_FIELD;

export const INTRODUCTION_MESSAGES = {
  name: 'Use at most 200 characters for your name',
  message: `Use at most ${INTRODUCTION_MESSAGE_MAX} characters`,
} as const;

export type IntroductionLimit = 'address' | 'offering' | 'site';
export const INTRODUCTION_LIMIT_MESSAGES: Record<IntroductionLimit, string> = {
  address: `We have sent ${INTRODUCTIONS_PER_ADDRESS_PER_DAY} introductions from your connection today. Please try again tomorrow.`,
  offering: 'This consultant has had many requests today. Please try again tomorrow.',
  site: 'We have sent many introductions today. Please try again tomorrow.',
};

const optional = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => v || null);

export const IntroductionRequestSchema = z.object({
  email: AdminEmailSchema,
  name: optional(200, INTRODUCTION_MESSAGES.name),
  message: optional(INTRODUCTION_MESSAGE_MAX, INTRODUCTION_MESSAGES.message),
  [INTRODUCTION_HONEYPOT_FIELD]: z.string().max(2000).nullish(),
});
export type IntroductionRequest = z.output<typeof IntroductionRequestSchema>;

/** The mail to the consultant: who asks, their note, and that replying reaches them. */
export function introductionMail(input: {
  offeringTitle: string;
  offeringUrl: string;
  email: string;
  name: string | null;
  message: string | null;
}): MailContent {
  const who = input.name ? `${input.name} (${input.email})` : input.email;
  const lines = [
    `${who} asks for an introduction to your consultation offering "${input.offeringTitle}":`,
    input.offeringUrl,
    '',
    input.message ?? '(No message.)',
    '',
    'Reply to this mail to answer them. We keep their address for 30 days, then delete it.',
  ];
  return {
    subject: `Introduction request: ${input.offeringTitle}`,
    text: lines.join('\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  };
}
