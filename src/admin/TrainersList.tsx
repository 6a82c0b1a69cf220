import { useStore } from '@nanostores/react';
import { $trainers, TRAINER_KIND, TRAININGS_KEY, type TrainerRow } from './stores';
import { useDeleteRecord } from './editRecord';
import { AdminToaster } from './notify';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import AdminTable, { RowActions } from './AdminTable';

const MAX_BADGES = 3;

function StateBadges({ states }: { states: string[] }) {
  if (states.length === 0) return <span aria-label="None">-</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {states.slice(0, MAX_BADGES).map((code) => (
        <span key={code} className="rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
          {code}
        </span>
      ))}
      {states.length > MAX_BADGES && (
        <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
          +{states.length - MAX_BADGES}
        </span>
      )}
    </span>
  );
}

/** Trainer list (SPEC §2): columns, badges, loading and empty states, delete dialog. */
export default function TrainersList() {
  const { data, loading, error } = useStore($trainers);
  const { doomed, setDoomed, busy, remove } = useDeleteRecord<TrainerRow>(TRAINER_KIND, [TRAININGS_KEY]);

  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-4">
          <a href="/admin/dashboard" className="rounded-md border border-slate-400 px-3 py-1.5 hover:bg-slate-100">
            ← Back to Dashboard
          </a>
          <h1 className="text-2xl font-bold">Trainers</h1>
        </div>
        <a
          href="/admin/trainers/new"
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          Add Trainer
        </a>
      </div>
      <AdminTable
        rows={data}
        loading={loading}
        error={error}
        loadingText="Loading trainers..."
        emptyText="No trainers yet"
        emptyAction={{ href: '/admin/trainers/new', label: 'Add Your First Trainer' }}
        columns={['Name', 'Credentials', 'States Served', 'Actions']}
        row={(trainer) => (
          <>
            <td className="px-4 py-3 font-medium">{trainer.name}</td>
            <td className="px-4 py-3">{trainer.credentials ?? ''}</td>
            <td className="px-4 py-3">
              <StateBadges states={trainer.statesServed} />
            </td>
            <RowActions
              editHref={`/admin/trainers/${trainer.id}`}
              name={trainer.name}
              onDelete={() => setDoomed(trainer)}
            />
          </>
        )}
      />
      <ConfirmDialog
        open={doomed !== null}
        title="Delete Trainer?"
        message={`Are you sure you want to delete ${doomed?.name ?? ''}? This will also delete all associated trainings. This action cannot be undone.`}
        busy={busy}
        onCancel={() => setDoomed(null)}
        onConfirm={remove}
      />
    </div>
  );
}
