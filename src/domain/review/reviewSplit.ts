import { AVAILABILITIES, type Availability } from '../parts/availability';

/**
 * The review split (docs/product.md, Review queue; ADR 0024 and 0037): who may apply what of a
 * listing save. Pure, with a closed set of outcomes and one sentence-named test per branch
 * (reviewSplit.test.ts), like publish/plan.ts. The write modules (services/listings/) ask it once per
 * save and carry out what it answers in one commit.
 *
 * The team's saves and a trusted partner's apply at once. Another partner's apply at once only where
 * they narrow the offer (fewer seats, sold out, a waitlist, cancelled, postponed, unpublished); every
 * other change waits for a reviewer, and so does a delete of a training the public sees.
 */

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

/**
 * How far an availability lets a clinician in: open, few seats, then a waitlist or sold out (a list to
 * join, no seat), then postponed, then cancelled. Moving down the order narrows the offer.
 */
const OPENNESS: Record<Availability, number> = {
  open: 0,
  few_seats: 1,
  waitlist: 2,
  sold_out: 2,
  postponed: 3,
  cancelled: 4,
};

const opennessOf = (value: unknown): number =>
  OPENNESS[(AVAILABILITIES.some((a) => a.value === value) ? value : 'open') as Availability];

const seats = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Whether a partner's change of this training field only narrows the offer, so it needs no review. */
export function appliesAtOnce(
  field: string,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): boolean {
  switch (field) {
    case 'availability':
      // Re-opening (sold out to open) and undoing a cancellation (cancelled to postponed) widen it.
      return opennessOf(after.availability) >= opennessOf(before.availability);
    case 'seatsLeft': {
      // Fewer seats than approved, or a count where none was stated; more seats, or no count, widen it.
      const was = seats(before.seatsLeft);
      const now = seats(after.seatsLeft);
      return now !== null && (was === null || now <= was);
    }
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
export function changedFields<F extends string>(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  fields: readonly F[],
): F[] {
  return fields.filter((field) => !sameValue(before[field], after[field]));
}

/** One save of a listing, as the split needs to know it. */
export type SaveRequest =
  | { op: 'create'; writer: Writer }
  | {
      op: 'edit';
      writer: Writer;
      record: 'training' | 'trainer' | 'offering';
      /** The live record's fields, and the whole record as this save would leave it. */
      before: Readonly<Record<string, unknown>>;
      after: Readonly<Record<string, unknown>>;
      fields: readonly string[];
      /** A partner's new training no reviewer has approved yet (it cannot be public). */
      awaitsFirstReview: boolean;
      /** A partner's edit proposal of this record waits in the queue. */
      hasProposal: boolean;
    }
  | { op: 'delete'; writer: Writer; isPublic: boolean };

/** What one save does. `now`: the changed fields applied to the live record in this save. */
export type SavePlan =
  /** Applied at once; a team save that publishes a partner's new training is its first review too. */
  | { outcome: 'apply'; now: string[]; approvesFirstReview: boolean }
  /** `now` applied at once, `review` proposed (a new submission, or the pending one replaced). */
  | { outcome: 'propose'; now: string[]; review: string[] }
  /** Every reviewed field is back to what is live: `now` applied, the pending proposal withdrawn. */
  | { outcome: 'withdraw-proposal'; now: string[] }
  /** A partner's new training: stored unpublished, marked unreviewed, the whole of it proposed. */
  | { outcome: 'create-for-review' }
  /** A partner's edit of their training still awaiting its first review: the row stays private. */
  | { outcome: 'keep-private' }
  | { outcome: 'delete' }
  /** A partner's delete of a training the public sees: a request the team reviews. */
  | { outcome: 'request-delete' };

export function planSave(request: SaveRequest): SavePlan {
  const reviewed = needsReview(request.writer);
  if (request.op === 'create') return reviewed ? { outcome: 'create-for-review' } : apply([], false);
  if (request.op === 'delete')
    return reviewed && request.isPublic ? { outcome: 'request-delete' } : { outcome: 'delete' };
  const { before, after, fields } = request;
  const changed = changedFields(before, after, fields);
  if (!reviewed) return apply(changed, request.awaitsFirstReview && after.isPublished === true);
  if (request.awaitsFirstReview) return { outcome: 'keep-private' };
  // A partner's own trainer profile and offering wait as a whole: its bio and photo, its every fact.
  const atOnce = (field: string) => request.record === 'training' && appliesAtOnce(field, before, after);
  const now = changed.filter(atOnce);
  const review = changed.filter((field) => !atOnce(field));
  if (review.length > 0) return { outcome: 'propose', now, review };
  return request.hasProposal ? { outcome: 'withdraw-proposal', now } : apply(now, false);
}

const apply = (now: string[], approvesFirstReview: boolean): SavePlan => ({
  outcome: 'apply',
  now,
  approvesFirstReview,
});
