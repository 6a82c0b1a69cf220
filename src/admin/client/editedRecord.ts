import { atom } from 'nanostores';
import { etagFor } from '../../domain/etag';

/**
 * The record an edit form is editing, as it was loaded: its version (the If-Match of the save), its
 * values (to send only the switches the admin changed), and whether a save found it changed by
 * someone else. One edit form per page, so one store.
 */
export interface EditedRecord {
  row: { id: string; updatedAt: string } | null;
  /** The list could not be read (network, 500): not the same as "this record does not exist". */
  loadFailed: boolean;
  /** The last save was refused with 412. */
  stale: boolean;
  /** Loads the latest version into the form, keeping what the admin typed. */
  reload: (() => Promise<void>) | null;
}

export const $edited = atom<EditedRecord>({ row: null, loadFailed: false, stale: false, reload: null });

export function editedVersion(): string | null {
  const row = $edited.get().row;
  return row ? etagFor(row.updatedAt) : null;
}

/**
 * Fields sent only when the admin changed them: a stale form must not publish again a training
 * someone unpublished meanwhile.
 */
const SENT_ONLY_WHEN_CHANGED = ['isPublished'];

export function withoutUnchangedSwitches(values: unknown): unknown {
  const row = $edited.get().row as Record<string, unknown> | null;
  if (!row || typeof values !== 'object' || values === null) return values;
  const body = { ...(values as Record<string, unknown>) };
  for (const key of SENT_ONLY_WHEN_CHANGED) if (key in body && body[key] === row[key]) delete body[key];
  return body;
}
