import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from './api';
import { $trainings, TRAININGS_KEY, invalidateKeys, type TrainingRow } from './stores';
import { AdminToaster, notify } from './notify';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDate, formatPrice } from '../domain/display';

/** Manage trainings (SPEC §2): table, publish toggle, edit, delete dialog. */
export default function TrainingsList() {
  const { data, loading, error } = useStore($trainings);
  const [doomed, setDoomed] = useState<TrainingRow | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = async (training: TrainingRow) => {
    try {
      await api('PATCH', `/api/admin/trainings/${training.id}`, { isPublished: !training.isPublished });
      invalidateKeys(TRAININGS_KEY);
      notify.success('Training status updated');
    } catch {
      notify.error('Failed to update training status');
    }
  };

  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await api('DELETE', `/api/admin/trainings/${doomed.id}`);
      invalidateKeys(TRAININGS_KEY);
      notify.success('Training deleted successfully');
    } catch {
      notify.error('Failed to delete training');
    } finally {
      setBusy(false);
      setDoomed(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <a href="/admin/dashboard" className="text-brand-800 underline">
            ← Back to Dashboard
          </a>
          <h1 className="mt-2 text-2xl font-bold">Manage Trainings</h1>
          <p className="text-slate-700">Add, edit, publish, or remove EMDR trainings</p>
        </div>
        <a
          href="/admin/trainings/new"
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          Add Training
        </a>
      </div>
      {loading && !data ? (
        <p>Loading trainings...</p>
      ) : error ? (
        <p role="alert">{error.message}</p>
      ) : !data || data.length === 0 ? (
        <div className="rounded-lg bg-white p-10 text-center shadow">
          <p className="mb-4 text-lg">No trainings yet</p>
          <a
            href="/admin/trainings/new"
            className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
          >
            Add Your First Training
          </a>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow">
          <table className="w-full text-left">
            <thead className="border-b border-slate-200 bg-slate-100 text-sm">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Title
                </th>
                <th scope="col" className="px-4 py-3">
                  Start Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Format
                </th>
                <th scope="col" className="px-4 py-3">
                  Price
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((training) => (
                <tr key={training.id} className="border-b border-slate-100">
                  <td className="px-4 py-3 font-medium">{training.title}</td>
                  <td className="px-4 py-3">{formatDate(training.startDate)}</td>
                  <td className="px-4 py-3">
                    <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      {training.format}
                    </span>
                  </td>
                  <td className="px-4 py-3">{formatPrice(training.price)}</td>
                  <td className="px-4 py-3">
                    {training.isPublished ? (
                      <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                        Published
                      </span>
                    ) : (
                      <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        Draft
                      </span>
                    )}
                  </td>
                  <td className="flex flex-wrap gap-2 px-4 py-3">
                    <button
                      type="button"
                      role="switch"
                      aria-checked={training.isPublished}
                      aria-label={`Published: ${training.title}`}
                      onClick={() => toggle(training)}
                      className="rounded border border-slate-400 px-3 py-1 hover:bg-slate-100"
                    >
                      {training.isPublished ? 'Unpublish' : 'Publish'}
                    </button>
                    <a
                      href={`/admin/trainings/${training.id}`}
                      className="rounded border border-slate-400 px-3 py-1 hover:bg-slate-100"
                      aria-label={`Edit ${training.title}`}
                    >
                      Edit
                    </a>
                    <button
                      type="button"
                      onClick={() => setDoomed(training)}
                      className="rounded border border-red-700 px-3 py-1 text-red-800 hover:bg-red-50"
                      aria-label={`Delete ${training.title}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={doomed !== null}
        title="Delete Training?"
        message={`Are you sure you want to delete "${doomed?.title ?? ''}"? This action cannot be undone.`}
        busy={busy}
        onCancel={() => setDoomed(null)}
        onConfirm={remove}
      />
    </div>
  );
}
