/**
 * A training's one status, said the same way on every screen and in the API (docs/product.md, One
 * status): the team's list, the partner's list, the forms, and `reviewStatus` on each row of
 * `GET /api/admin/trainings`. Pure: derived from the row and its latest submission.
 */
export const LISTING_STATUSES = ['draft', 'pending', 'rejected', 'live', 'live_pending'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The words for each status: the only place they are written. */
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: 'Draft',
  pending: 'Waiting for review',
  rejected: 'Not approved',
  // SPEC's words for the team's list: a public training is "Published".
  live: 'Published',
  live_pending: 'Published with a change waiting',
};

/** The badge a live row carries beside its live values while a change of it waits or was refused. */
export const CHANGE_WAITING = 'Change waiting for review';
export const notApprovedText = (reason: string | undefined): string => `Not approved: ${reason || 'no reason given'}`;

export const LISTING_STATUS_TONES: Record<ListingStatus, 'green' | 'amber' | 'red' | 'slate'> = {
  draft: 'slate',
  pending: 'amber',
  rejected: 'red',
  live: 'green',
  live_pending: 'amber',
};

/** What the status is derived from: the row as stored and its latest submission, if any. */
export interface StatusFacts {
  isPublished: boolean;
  /** Marked "not yet approved" (a partner's new training before its first approval). */
  unreviewed: boolean;
  updatedAt: Date | string;
  latest?: { status: 'pending' | 'approved' | 'rejected' | 'withdrawn'; decidedAt: Date | string | null } | null;
}

/**
 * A rejection counts until the partner saves the record again (the row's version then moves past the
 * decision), as the partner's form has always shown it.
 */
export function rejectionStands(facts: StatusFacts): boolean {
  const s = facts.latest;
  return (
    s?.status === 'rejected' &&
    s.decidedAt !== null &&
    new Date(s.decidedAt).getTime() >= new Date(facts.updatedAt).getTime()
  );
}

export function listingStatus(facts: StatusFacts): ListingStatus {
  const pending = facts.latest?.status === 'pending';
  // The row of a never-approved training is unpublished whatever the partner asked for.
  const live = facts.isPublished && !facts.unreviewed;
  if (live) return pending ? 'live_pending' : 'live';
  if (pending) return 'pending';
  if (rejectionStands(facts)) return 'rejected';
  return 'draft';
}

/** Whether the public can see the row now (a live status, not yet ended): "View" then, else "Preview". */
export const isLiveStatus = (status: ListingStatus): boolean => status === 'live' || status === 'live_pending';
