import { formatChangedAt } from '../history/changeText';

/**
 * On a partner's form (docs/product.md, Review queue): the version shown waits for a reviewer, or a
 * reviewer did not approve it and said why. The public page keeps the approved version meanwhile.
 */
export function ReviewNotice({
  pendingSince,
  rejectedReason,
  pendingDelete,
}: {
  pendingSince?: string;
  rejectedReason?: string;
  pendingDelete?: true;
}) {
  if (pendingSince && pendingDelete)
    return (
      <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
        Your request to delete it waits for review since {formatChangedAt(pendingSince)}. It stays public until then;
        saving a change instead replaces the request.
      </p>
    );
  if (pendingSince)
    return (
      <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
        Waiting for review since {formatChangedAt(pendingSince)}. The public page shows the approved version until then.
      </p>
    );
  if (rejectedReason !== undefined)
    return (
      <p role="status" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
        Not approved: {rejectedReason || 'no reason given'}. Fix it and save to submit it again.
      </p>
    );
  return null;
}
