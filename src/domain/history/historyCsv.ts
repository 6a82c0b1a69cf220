import { changedFields, isSecurityEntry, recordLabel, type HistoryEntry } from './history';
import { SECURITY_EVENT_LABELS } from '../team/securityEvents';

/** The columns of the history's CSV export (README.md, `GET /api/admin/changes.csv`). */
export const HISTORY_CSV_HEADER = [
  'time',
  'type',
  'label',
  'actor',
  'client_address',
  'subject',
  'record_type',
  'record_id',
  'record',
  'detail',
] as const;

/** One entry as the export's cells, in the header's order. */
export function historyCsvCells(entry: HistoryEntry): string[] {
  const time = new Date(entry.changedAt).toISOString();
  if (isSecurityEntry(entry)) {
    const detail = entry.detail ? Object.entries(entry.detail).map(([key, value]) => `${key}=${String(value)}`) : [];
    return [
      time,
      entry.type,
      SECURITY_EVENT_LABELS[entry.type] ?? entry.type,
      entry.adminEmail,
      entry.clientAddress ?? '',
      entry.subject?.email ?? '',
      '',
      '',
      '',
      detail.join('; '),
    ];
  }
  const changed = entry.action === 'update' ? `changed: ${changedFields(entry).join(', ')}` : '';
  return [
    time,
    entry.action,
    entry.action,
    entry.adminEmail,
    '',
    '',
    entry.entityType,
    entry.entityId,
    recordLabel(entry),
    changed,
  ];
}

/** The export's file name: the day it was made (UTC). */
export function historyCsvFileName(now = new Date()): string {
  return `security-log-${now.toISOString().slice(0, 10)}.csv`;
}
