import { Badge } from '../../ui/Badge';
import { LISTING_STATUS_LABELS, LISTING_STATUS_TONES, type ListingStatus } from '../../domain/review/listingStatus';

/** A training's one status in words, the same on every list and form (domain/review/listingStatus.ts). */
export function StatusBadge({ status }: { status: ListingStatus }) {
  // The longest label may wrap in a narrow column, unlike the other badges.
  if (status === 'live_pending')
    return (
      <span className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        {LISTING_STATUS_LABELS[status]}
      </span>
    );
  return <Badge tone={LISTING_STATUS_TONES[status]}>{LISTING_STATUS_LABELS[status]}</Badge>;
}
