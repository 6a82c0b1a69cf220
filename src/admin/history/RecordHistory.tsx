import { useEffect, useState } from 'react';
import { api } from '../client/api';
import { ACTION_TEXT, formatChangedAt } from './changeText';
import { changedFields, decisionText, type ChangeEntry, type EntityType } from '../../domain/history/history';

/** The "History" list of an edit form: who changed this record, when, and which fields. */
export default function RecordHistory({ entityType, id }: { entityType: EntityType; id: string | undefined }) {
  const [entries, setEntries] = useState<ChangeEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id) return;
    api<ChangeEntry[]>('GET', `/api/admin/changes?entityType=${entityType}&entityId=${id}&limit=50`)
      .then(setEntries)
      .catch(() => setFailed(true));
  }, [entityType, id]);
  if (!id) return null;
  return (
    <section aria-labelledby="history-title" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="history-title" className="mb-3 text-lg font-semibold">
        History
      </h2>
      {failed ? (
        <p>Could not load the history.</p>
      ) : !entries ? (
        <p>Loading history...</p>
      ) : entries.length === 0 ? (
        <p>No changes recorded yet.</p>
      ) : (
        <ol className="flex flex-col gap-2 text-sm">
          {entries.map((entry) => {
            const fields = entry.action === 'update' ? changedFields(entry) : [decisionText(entry)].filter(Boolean);
            return (
              <li key={entry.id}>
                <time dateTime={entry.changedAt}>{formatChangedAt(entry.changedAt)}</time> · {entry.adminEmail} ·{' '}
                {ACTION_TEXT[entry.action]}
                {fields.length > 0 && `: ${fields.join(', ')}`}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
