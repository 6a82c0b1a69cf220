import { TEAM_REVIEWS } from '../../domain/adminPaths';
import { useState, type SubmitEvent } from 'react';
import Button from '../../ui/Button';
import { inputClass } from '../../ui/Field';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { AdminToaster, notify } from '../client/notify';

/**
 * Approve or Reject one submission (docs/product.md, Review queue). The decision names the version
 * the reviewer read (If-Match): if another reviewer decided first, the toast says so and the page
 * shows the new state. Reject needs a reason, which the partner reads. Buttons stay disabled until
 * the island runs; a reason typed before that is kept (the box is the browser's).
 */
interface Props {
  id: string;
  etag: string;
}

export default function ReviewDecision({ id, etag }: Props) {
  const ready = useHydrated();
  const [busy, setBusy] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [decided, setDecided] = useState<string | null>(null);

  const decide = async (action: 'approve' | 'reject', body?: { reason: string }) => {
    setBusy(true);
    try {
      await api('POST', `/api/admin/reviews/${id}/${action}`, body, { 'if-match': etag });
      notify.flash(
        action === 'approve' ? 'Approved: it is published with the next update' : 'Rejected: the partner is told why',
      );
      window.location.assign(TEAM_REVIEWS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const text = apiErrorText(error, 'Someone else decided first');
        setDecided(text);
        notify.error(text, 'Already decided');
      } else if (error instanceof ApiError && error.fieldErrors.reason) {
        setReasonError(error.fieldErrors.reason[0] ?? null);
      } else notify.error(apiErrorText(error, 'The decision was not saved'));
      setBusy(false);
    }
  };

  const reject = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = new FormData(event.currentTarget).get('reason');
    const text = typeof reason === 'string' ? reason.trim() : '';
    if (!text) {
      setReasonError('Say why, so the partner can fix it');
      return;
    }
    setReasonError(null);
    void decide('reject', { reason: text });
  };

  if (decided)
    return (
      <div role="status" className="rounded-lg bg-amber-50 p-4 text-amber-900">
        <p>{decided}.</p>
        <p>
          <a className="text-brand-800 underline" href={TEAM_REVIEWS}>
            Back to the review queue
          </a>
        </p>
        <AdminToaster />
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button disabled={!ready || busy} onClick={() => void decide('approve')}>
          Approve
        </Button>
      </div>
      <form className="flex max-w-xl flex-col gap-2" onSubmit={reject} noValidate>
        <label htmlFor="reject-reason" className="text-sm font-medium text-slate-800">
          Reason for rejecting (the partner reads it)
        </label>
        <textarea
          id="reject-reason"
          name="reason"
          rows={3}
          maxLength={20000}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? 'reject-reason-error' : undefined}
          className={inputClass}
        />
        {reasonError && (
          <p id="reject-reason-error" className="text-sm text-red-700">
            {reasonError}
          </p>
        )}
        <div>
          <Button type="submit" variant="secondary" disabled={!ready || busy}>
            Reject
          </Button>
        </div>
      </form>
      <AdminToaster />
    </div>
  );
}
