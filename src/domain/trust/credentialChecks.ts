import { z } from 'zod';
import { Temporal } from 'temporal-polyfill';
import { isStateCode, stateName } from '../states';

/**
 * Verified trainers (docs/product.md, Trust): the owner or an admin records a check of a trainer's
 * credential, with the date, who checked and a private note of the evidence. A check counts for 12
 * months: the public sees "Verified {credential} · {Mon YYYY}" until then and nothing after; the team
 * sees "Verification due".
 */
export const CREDENTIALS = [
  'emdria-approved-trainer',
  'emdria-approved-consultant',
  'emdria-consultant-in-training',
  'emdria-certified-therapist',
  'state-license',
] as const;
export type Credential = (typeof CREDENTIALS)[number];

export const CREDENTIAL_LABELS: Record<Credential, string> = {
  'emdria-approved-trainer': 'EMDRIA Approved Trainer',
  'emdria-approved-consultant': 'EMDRIA Approved Consultant',
  // Works toward Approved Consultant under one (docs/domain.md, Consultation): a consultant's level of its own.
  'emdria-consultant-in-training': 'EMDRIA Consultant-in-Training',
  'emdria-certified-therapist': 'EMDRIA Certified Therapist',
  'state-license': 'State license',
};

export const VERIFICATION_VALID_MONTHS = 12;
export const VERIFICATION_DUE = 'Verification due';

/** What the public pages get of a check (never the evidence or who checked). */
export interface PublicCredential {
  credential: Credential;
  licenseNumber: string | null;
  licenseState: string | null;
  /** ISO date, 2026-03-05. */
  checkedOn: string;
}

/** "EMDRIA Approved Trainer", "California license 12345". */
export function credentialName(c: Pick<PublicCredential, 'credential' | 'licenseNumber' | 'licenseState'>): string {
  if (c.credential !== 'state-license') return CREDENTIAL_LABELS[c.credential];
  return `${stateName(c.licenseState ?? '') ?? c.licenseState} license ${c.licenseNumber}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Verified EMDRIA Approved Trainer · Mar 2026". */
export function verifiedBadgeText(c: PublicCredential): string {
  const day = Temporal.PlainDate.from(c.checkedOn);
  return `Verified ${credentialName(c)} · ${MONTHS[day.month - 1]} ${day.year}`;
}

const today = (now: Date) =>
  Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO('UTC').toPlainDate();

/** The oldest check date that still counts at `now` (ISO date): 12 months back, in UTC days. */
export function verificationCutoff(now: Date): string {
  return today(now).subtract({ months: VERIFICATION_VALID_MONTHS }).toString();
}

/** Whether a check made on `checkedOn` still counts at `now`. */
export function isCurrentCheck(checkedOn: string, now: Date): boolean {
  return (
    Temporal.PlainDate.compare(Temporal.PlainDate.from(checkedOn), Temporal.PlainDate.from(verificationCutoff(now))) >=
    0
  );
}

/** schema.org `hasCredential` of a trainer's Person (the trainer page and the training's organizer). */
export function credentialJsonLd(c: PublicCredential): Record<string, unknown> {
  const emdria = c.credential !== 'state-license';
  return {
    '@type': 'EducationalOccupationalCredential',
    name: credentialName(c),
    credentialCategory: emdria ? 'certification' : 'license',
    recognizedBy: {
      '@type': 'Organization',
      name: emdria
        ? 'EMDR International Association (EMDRIA)'
        : `${stateName(c.licenseState ?? '') ?? 'State'} licensing board`,
    },
    ...(c.licenseNumber ? { identifier: c.licenseNumber } : {}),
  };
}

/** A real calendar date (2026-02-30 is not) on or before `today`. */
function notAfter(value: string, today: string): boolean {
  try {
    return (
      Temporal.PlainDate.compare(
        Temporal.PlainDate.from(value, { overflow: 'reject' }),
        Temporal.PlainDate.from(today),
      ) <= 0
    );
  } catch {
    return false;
  }
}

/** A check as the team reads it (the admin trainer page, `GET /api/admin/trainers/{id}/credential-checks`). */
export interface CredentialCheckView {
  id: string;
  credential: Credential;
  name: string;
  licenseNumber: string | null;
  licenseState: string | null;
  checkedOn: string;
  checkedBy: string;
  /** The evidence: private to the team, never on a page, in the public API or in the history. */
  evidenceNote: string;
  /** Still counts (checked in the last 12 months): "Verified …" on the public pages. */
  current: boolean;
  /** "Verified EMDRIA Approved Trainer · Mar 2026", or "Verification due". */
  status: string;
}

export const CHECK_MESSAGES = {
  credential: 'Choose the credential that was checked',
  licenseNumber: 'Enter the license number (at most 40 characters)',
  licenseState: 'Choose the state of the license',
  checkedOn: 'Enter the date of the check (not in the future)',
  evidenceNote: 'Write where the evidence is (at most 2,000 characters)',
} as const;

/** A check as the owner or an admin records it; `today` (ISO date) bounds the check's date. */
export function credentialCheckSchema(today: string) {
  return z
    .strictObject({
      credential: z.enum(CREDENTIALS, { error: CHECK_MESSAGES.credential }),
      licenseNumber: z
        .string({ error: CHECK_MESSAGES.licenseNumber })
        .trim()
        .max(40, { error: CHECK_MESSAGES.licenseNumber })
        .nullish()
        .transform((value) => value || null),
      licenseState: z
        .string({ error: CHECK_MESSAGES.licenseState })
        .trim()
        .toUpperCase()
        .nullish()
        .transform((value) => value || null),
      checkedOn: z
        .string({ error: CHECK_MESSAGES.checkedOn })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CHECK_MESSAGES.checkedOn })
        .refine((value) => notAfter(value, today), { error: CHECK_MESSAGES.checkedOn }),
      evidenceNote: z
        .string({ error: CHECK_MESSAGES.evidenceNote })
        .trim()
        .min(1, { error: CHECK_MESSAGES.evidenceNote })
        .max(2000, { error: CHECK_MESSAGES.evidenceNote }),
    })
    .superRefine((check, ctx) => {
      if (check.credential !== 'state-license') {
        if (check.licenseNumber || check.licenseState)
          ctx.addIssue({
            code: 'custom',
            path: ['licenseNumber'],
            message: 'Only a state license has a number and a state',
          });
        return;
      }
      if (!check.licenseNumber)
        ctx.addIssue({ code: 'custom', path: ['licenseNumber'], message: CHECK_MESSAGES.licenseNumber });
      if (!check.licenseState || !isStateCode(check.licenseState))
        ctx.addIssue({ code: 'custom', path: ['licenseState'], message: CHECK_MESSAGES.licenseState });
    });
}
export type CredentialCheckInput = z.output<ReturnType<typeof credentialCheckSchema>>;

/** Today's date in UTC, ISO (the newest date a check may carry). */
export function todayIso(now: Date): string {
  return today(now).toString();
}
