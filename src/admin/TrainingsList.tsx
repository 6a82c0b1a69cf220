import { useStore } from '@nanostores/react';
import { api, isStale } from './api';
import { etagFor } from '../domain/etag';
import { $trainings, TRAINING_KIND, TRAININGS_KEY, invalidateKeys, type TrainingRow } from './stores';
import { useDeleteRecord } from './editRecord';
import { AdminToaster, notify } from './notify';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDate, formatPrice } from '../domain/display';
import AdminTable, { RowActions } from './AdminTable';

/** Manage trainings (SPEC §2): table, publish toggle, edit, delete dialog. */
export default function TrainingsList() {
  const { data, loading, error } = useStore($trainings);
  const { doomed, setDoomed, busy, remove } = useDeleteRecord<TrainingRow>(TRAINING_KIND);

  const toggle = async (training: TrainingRow) => {
    try {
      // Only the version this row shows: a toggle from a stale list must not undo someone's change.
      const ifMatch = { 'if-match': etagFor(training.updatedAt) };
      await api('PATCH', `/api/admin/trainings/${training.id}`, { isPublished: !training.isPublished }, ifMatch);
      invalidateKeys(TRAININGS_KEY);
      notify.success('Training status updated');
    } catch (error) {
      // The row then shows the current status.
      if (isStale(error)) invalidateKeys(TRAININGS_KEY);
      notify.error('Failed to update training status');
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
      <AdminTable
        rows={data}
        loading={loading}
        error={error}
        loadingText="Loading trainings..."
        emptyText="No trainings yet"
        emptyAction={{ href: '/admin/trainings/new', label: 'Add Your First Training' }}
        columns={['Title', 'Start Date', 'Format', 'Price', 'Status', 'Actions']}
        row={(training) => (
          <>
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
                <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Published</span>
              ) : (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>
              )}
            </td>
            <RowActions
              editHref={`/admin/trainings/${training.id}`}
              name={training.title}
              onDelete={() => setDoomed(training)}
            >
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
            </RowActions>
          </>
        )}
      />
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
