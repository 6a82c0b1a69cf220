import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import Button from '../../ui/Button';
import { api, ApiError } from '../client/api';
import { notify } from '../client/notify';
import { SENT_FOR_REVIEW, type Reviewed } from '../client/editRecord';

/**
 * Copy to new dates (docs/product.md): the new first day in a dialog (focus moves to the date and is
 * trapped inside, Escape cancels); every part moves by the same days on its own clock. The copy opens
 * in the form, a draft for the team, waiting for review for a partner.
 */
export function CopyDialog(props: {
  training: { id: string; title: string } | null;
  formHref: string;
  onClose(): void;
}) {
  const { training, onClose } = props;
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setDay('');
    setError(null);
    onClose();
  };
  const copy = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!training) return;
    setBusy(true);
    try {
      const made = await api<{ id: string } & NonNullable<Reviewed>>(
        'POST',
        `/api/admin/trainings/${training.id}/copy`,
        {
          startDate: day,
        },
      );
      notify.flash(
        made.reviewStatus === 'pending' ? SENT_FOR_REVIEW : 'Training copied: a draft on the new dates',
        'Saved',
      );
      window.location.assign(`${props.formHref}/${made.id}`);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fieldErrors.startDate?.[0] ?? failure.message)
          : 'The training could not be copied',
      );
      setBusy(false);
    }
  };
  return (
    <Dialog open={training !== null} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <form onSubmit={copy}>
            <DialogTitle className="text-lg font-semibold text-slate-900">Copy to new dates</DialogTitle>
            <Description className="mt-2 text-slate-700">
              “{training?.title}”: every fact is copied and every part moves by the same number of days, at the same
              local times. Availability is open again and seats are cleared.
            </Description>
            <label htmlFor="copy-start" className="mt-4 block font-medium">
              New first day
            </label>
            <input
              id="copy-start"
              type="date"
              required
              data-autofocus
              value={day}
              onChange={(e) => setDay(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'copy-start-error' : undefined}
              className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
            />
            {error && (
              <p id="copy-start-error" role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
            <div className="mt-6 flex justify-end gap-3">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || day === ''}>
                Copy
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
