import { z } from 'zod';
import { LIMITS, requiredText } from '../fields';

/**
 * What a partner's edit needs before it goes public (docs/product.md, Review queue; ADR 0024). Pure:
 * the use cases (services/review/submissions.ts) ask it which changed fields apply at once and which wait
 * for a reviewer.
 *
 * At once, because they are urgent and only narrow the offer: availability and seats left (which is
 * also how a training is cancelled or postponed), the waitlist link when its domain is one the
 * training's Register link already uses, and unpublishing. Everything else waits: what a clinician
 * reads to decide (eligibility, price, dates, the description, a trainer's bio and photo).
 *
 * The team's own edits and a trusted partner's never wait.
 */

export const SUBMISSION_KINDS = ['training_create', 'training_edit', 'trainer_edit'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** What the API answers about a partner's write: applied now, or waiting for a reviewer. */
export type ReviewStatus = 'approved' | 'pending';

export const REVIEW_MESSAGES = {
  reason: 'Say why, so the partner can fix it',
} as const;

/** Who is writing: the team and trusted partners publish directly. */
export interface Writer {
  isPartner: boolean;
  trusted: boolean;
}

export const needsReview = (writer: Writer): boolean => writer.isPartner && !writer.trusted;

/** A URL's host in lower case, without a leading "www.", or null when it is not a URL. */
export function domainOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The fields of a training a partner may change without review, given the stored training. */
export function appliesAtOnce(
  field: string,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): boolean {
  switch (field) {
    case 'availability':
    case 'seatsLeft':
      return true;
    case 'waitlistUrl': {
      // Removing the link narrows the offer; a new one must point where the Register link already does.
      if (after.waitlistUrl === null || after.waitlistUrl === undefined) return true;
      const domain = domainOf(after.waitlistUrl);
      return domain !== null && domain === domainOf(before.thinkificUrl);
    }
    case 'isPublished':
      return after.isPublished === false;
    default:
      return false;
  }
}

/** Equal as stored values (dates by instant, documents by their JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  const normal = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  return JSON.stringify(normal(a) ?? null) === JSON.stringify(normal(b) ?? null);
}

/** The fields whose values differ between two versions of a record. */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): string[] {
  return fields.filter((field) => !sameValue(before[field], after[field]));
}

/**
 * A training edit split in two: the changed fields that apply at once and those that wait for a
 * reviewer. A writer who needs no review applies everything at once.
 */
export function splitTrainingEdit(
  writer: Writer,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): { now: string[]; review: string[] } {
  const changed = changedFields(before, after, fields);
  if (!needsReview(writer)) return { now: changed, review: [] };
  return {
    now: changed.filter((f) => appliesAtOnce(f, before, after)),
    review: changed.filter((f) => !appliesAtOnce(f, before, after)),
  };
}

/** A trainer edit: every changed field of a partner's own profile (bio and photo too) waits. */
export function splitTrainerEdit(
  writer: Writer,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): { now: string[]; review: string[] } {
  const changed = changedFields(before, after, fields);
  return needsReview(writer) ? { now: [], review: changed } : { now: changed, review: [] };
}

/** One row of the reviewer's table: a field, what is live and what is proposed. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export function fieldChanges(
  before: Readonly<Record<string, unknown>> | null,
  proposed: Readonly<Record<string, unknown>>,
): FieldChange[] {
  return Object.keys(proposed)
    .filter((field) => before === null || !sameValue(before[field], proposed[field]))
    .map((field) => ({
      field,
      before: before === null ? null : (before[field] ?? null),
      after: proposed[field] ?? null,
    }));
}

/** Reject's body: a reason the partner will read (docs/product.md, Review queue). */
export const RejectSchema = z.strictObject({ reason: requiredText(REVIEW_MESSAGES.reason, LIMITS.long) });

/** The queue's paging: `?page=N`, the first page without it. */
export const ReviewQueueQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'Page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
});

export const SUBMISSION_KIND_LABELS: Record<SubmissionKind, string> = {
  training_create: 'New training',
  training_edit: 'Training edit',
  trainer_edit: 'Trainer profile edit',
};

/** A value in the reviewer's before/after table, as text (never markup: a partner typed it). */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** How long a submission has waited, in words ("3 h", "2 d"). */
export function ageText(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}
