import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from './api';
import { $trainers, TRAINERS_KEY, TRAININGS_KEY, invalidateKeys, type TrainerRow } from './stores';
import { AdminToaster, notify } from './notify';
import { ConfirmDialog } from '../ui/ConfirmDialog';

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
  const [doomed, setDoomed] = useState<TrainerRow | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await api('DELETE', `/api/admin/trainers/${doomed.id}`);
      invalidateKeys((key) => key === TRAINERS_KEY || key === TRAININGS_KEY);
      notify.success('Trainer deleted successfully');
    } catch {
      notify.error('Failed to delete trainer');
    } finally {
      setBusy(false);
      setDoomed(null);
    }
  };

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
      {loading && !data ? (
        <p>Loading trainers...</p>
      ) : error ? (
        <p role="alert">{error.message}</p>
      ) : !data || data.length === 0 ? (
        <div className="rounded-lg bg-white p-10 text-center shadow">
          <p className="mb-4 text-lg">No trainers yet</p>
          <a
            href="/admin/trainers/new"
            className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
          >
            Add Your First Trainer
          </a>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow">
          <table className="w-full text-left">
            <thead className="border-b border-slate-200 bg-slate-100 text-sm">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Credentials
                </th>
                <th scope="col" className="px-4 py-3">
                  States Served
                </th>
                <th scope="col" className="px-4 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((trainer) => (
                <tr key={trainer.id} className="border-b border-slate-100">
                  <td className="px-4 py-3 font-medium">{trainer.name}</td>
                  <td className="px-4 py-3">{trainer.credentials ?? ''}</td>
                  <td className="px-4 py-3">
                    <StateBadges states={trainer.statesServed} />
                  </td>
                  <td className="flex gap-2 px-4 py-3">
                    <a
                      href={`/admin/trainers/${trainer.id}`}
                      className="rounded border border-slate-400 px-3 py-1 hover:bg-slate-100"
                      aria-label={`Edit ${trainer.name}`}
                    >
                      Edit
                    </a>
                    <button
                      type="button"
                      onClick={() => setDoomed(trainer)}
                      className="rounded border border-red-700 px-3 py-1 text-red-800 hover:bg-red-50"
                      aria-label={`Delete ${trainer.name}`}
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
        title="Delete Trainer?"
        message={`Are you sure you want to delete ${doomed?.name ?? ''}? This will also delete all associated trainings. This action cannot be undone.`}
        busy={busy}
        onCancel={() => setDoomed(null)}
        onConfirm={remove}
      />
    </div>
  );
}
