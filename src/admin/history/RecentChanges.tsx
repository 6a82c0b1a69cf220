import { TEAM_HISTORY, TEAM_TRAINERS, TEAM_TRAININGS, TEAM_CONSULTATIONS } from '../../domain/adminPaths';
import { useEffect, useState } from 'react';
import { api } from '../client/api';
import { ACTION_TEXT, formatChangedAt } from './changeText';
import { recordLabel, type ChangeEntry } from '../../domain/history/history';

const EDIT_PATH = {
  trainer: `${TEAM_TRAINERS}/`,
  training: `${TEAM_TRAININGS}/`,
  offering: `${TEAM_CONSULTATIONS}/`,
} as const;

/** The dashboard's latest ten admin changes, newest first. */
export default function RecentChanges() {
  const [entries, setEntries] = useState<ChangeEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<ChangeEntry[]>('GET', '/api/admin/changes?limit=10')
      .then(setEntries)
      .catch(() => setFailed(true));
  }, []);
  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="changes-title">
      <h2 id="changes-title" className="mb-2 text-lg font-semibold">
        Recent changes
      </h2>
      {failed ? (
        <p>Could not load the recent changes.</p>
      ) : !entries ? (
        <p>Loading...</p>
      ) : entries.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ol className="flex flex-col gap-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.changedAt}>{formatChangedAt(entry.changedAt)}</time> · {entry.adminEmail} ·{' '}
              {ACTION_TEXT[entry.action]} {entry.entityType}{' '}
              {entry.action === 'delete' ? (
                <strong>{recordLabel(entry)}</strong>
              ) : (
                <a className="text-brand-800 underline" href={`${EDIT_PATH[entry.entityType]}${entry.entityId}`}>
                  {recordLabel(entry)}
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
      <a href={TEAM_HISTORY} className="mt-3 inline-block text-sm text-brand-800 underline">
        See the full history
      </a>
    </section>
  );
}
