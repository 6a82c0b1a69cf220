import { useState } from 'react';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { CONFIRM_BUTTON, confirmedText } from '../../domain/trust/detailsConfirmed';
import { api } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';

/**
 * "These details are current" on a training's admin page (docs/product.md, Trust): the public page
 * then shows "Details confirmed on {date}". Not an edit of the training: the form's version stays.
 * Its toasts show in the form's toaster (one per page).
 */
export default function ConfirmDetails(props: { trainingId: string; confirmedAt: string | null; timeZone: string }) {
  const [confirmedAt, setConfirmedAt] = useState(props.confirmedAt);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await api<{ detailsConfirmedAt: string }>(
        'POST',
        `/api/admin/trainings/${props.trainingId}/confirm`,
      );
      setConfirmedAt(answer.detailsConfirmedAt);
      notify.success('Details confirmed');
    } catch (error) {
      notify.error(apiErrorText(error, 'Failed to confirm the details'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mt-6 rounded-lg bg-white p-6 shadow" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="mb-2 text-lg font-semibold">
        Are these details current?
      </h2>
      <p className="mb-3 text-slate-700" role="status">
        {confirmedAt ? confirmedText(confirmedAt, props.timeZone) : 'Details not confirmed yet'}
      </p>
      <Button variant="outline" disabled={!ready || busy} onClick={() => void confirm()}>
        {CONFIRM_BUTTON}
      </Button>
    </section>
  );
}
