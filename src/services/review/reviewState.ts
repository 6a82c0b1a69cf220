import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import type { ReviewStatus } from '../../domain/review/review';
import { listingStatus, rejectionStands, type ListingStatus } from '../../domain/review/listingStatus';

/**
 * What a partner's own profile shows (docs/product.md, Review queue): their pending or last rejected
 * version over the live row, with its review state.
 */
export interface ReviewState {
  reviewStatus: ReviewStatus | 'rejected';
  pendingSince?: Date;
  submissionId?: string;
  rejectedReason?: string;
  pendingDelete?: true;
}

/** The fields a submission shows over its record (typed by the record's schema; a delete shows none). */
const isDelete = (s: Submission) => s.kind === 'training_delete' || s.kind === 'offering_delete';
const shownFields = (s: Submission): object => (isDelete(s) ? {} : s.proposed);

export async function withReviewState<T extends { id: string; updatedAt: Date | string }>(
  rows: readonly T[],
): Promise<(T & ReviewState)[]> {
  const latest = new Map((await submissions.latestOf(rows.map((r) => r.id))).map((s) => [s.recordId, s]));
  return rows.map((row) => {
    const s = latest.get(row.id);
    if (s?.status === 'pending')
      return {
        ...row,
        ...shownFields(s),
        reviewStatus: 'pending',
        pendingSince: s.createdAt,
        submissionId: s.id,
        ...(isDelete(s) ? { pendingDelete: true as const } : {}),
      };
    if (s && rejectionStands({ isPublished: false, unreviewed: false, updatedAt: row.updatedAt, latest: s }))
      return {
        ...row,
        ...shownFields(s),
        reviewStatus: 'rejected',
        submissionId: s.id,
        rejectedReason: s.reason ?? '',
      };
    return { ...row, reviewStatus: 'approved' };
  });
}

/**
 * A training row's one status (domain/review/listingStatus.ts) and what waits of it. The row's own
 * fields stay the live values, so no list shows a proposed title or price as if it were public; the
 * partner's form edits `proposed` over them (the version they see).
 */
export interface ListingState {
  reviewStatus: ListingStatus;
  pendingSince?: Date;
  submissionId?: string;
  rejectedReason?: string;
  pendingDelete?: true;
  /** The partner's own pending or refused fields (partners only: the team reads them on the review page). */
  proposed?: object;
}

export async function withListingStatus<T extends { id: string; updatedAt: Date | string; isPublished: boolean }>(
  rows: readonly T[],
  forPartner: boolean,
): Promise<(T & ListingState)[]> {
  const ids = rows.map((r) => r.id);
  const [latestRows, unreviewed] = await Promise.all([submissions.latestOf(ids), submissions.unreviewedOf(ids)]);
  const latest = new Map(latestRows.map((s) => [s.recordId, s]));
  return rows.map((row) => {
    const s = latest.get(row.id);
    const facts = {
      isPublished: row.isPublished,
      unreviewed: unreviewed.has(row.id),
      updatedAt: row.updatedAt,
      latest: s,
    };
    const state: ListingState = { reviewStatus: listingStatus(facts) };
    if (s?.status === 'pending') {
      state.pendingSince = s.createdAt;
      state.submissionId = s.id;
      if (s.kind === 'training_delete') state.pendingDelete = true;
    } else if (s && rejectionStands(facts)) {
      state.submissionId = s.id;
      state.rejectedReason = s.reason ?? '';
    } else return { ...row, ...state };
    if (forPartner) state.proposed = shownFields(s);
    return { ...row, ...state };
  });
}
