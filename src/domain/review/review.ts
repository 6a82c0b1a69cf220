import { z } from 'zod';
import { LIMITS, requiredText } from '../fields';
import { sameValue } from './reviewSplit';

/**
 * The review queue's words and shapes (docs/product.md, Review queue; ADR 0024): the kinds and
 * states of a submission, the reviewer's before/after table, the queue's bodies. Who may apply what
 * at once is the review split (reviewSplit.ts).
 */

export const SUBMISSION_KINDS = [
  'training_create',
  'training_edit',
  'trainer_edit',
  'training_delete',
  'offering_create',
  'offering_edit',
  'offering_delete',
] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** What the API answers about a partner's write: applied now, or waiting for a reviewer. */
export type ReviewStatus = 'approved' | 'pending';

export const REVIEW_MESSAGES = {
  reason: 'Say why, so the partner can fix it',
} as const;

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
  training_delete: 'Delete request',
  offering_create: 'New consultation offering',
  offering_edit: 'Consultation offering edit',
  offering_delete: 'Consultation delete request',
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
