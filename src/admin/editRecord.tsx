import { useEffect, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { api } from './api';
import { invalidateKeys } from './stores';
import { notify } from './notify';
import { applyServerErrors } from './formErrors';
import { Spinner } from '../ui/Spinner';
import { useHydrated } from '../ui/useHydrated';

/** What the trainer and training forms share: where the records live and what they are called. */
export interface RecordKind {
  /** 'Trainer' or 'Training', as in the SPEC's toasts ('Trainer updated successfully'). */
  label: string;
  /** The admin API collection, also the list's cache key. */
  apiPath: string;
  /** The admin list page the form returns to. */
  listHref: string;
}

/**
 * Loads the record being edited into the form. SPEC §7: the edit form fetches the whole list and
 * picks the matching id; an id that is not there (deleted meanwhile) is 'missing', not an error page.
 */
export function useRecordToEdit<Row extends { id: string }>(
  kind: RecordKind,
  id: string | undefined,
  onFound: (row: Row) => void,
): 'loading' | 'ready' | 'missing' {
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(id ? 'loading' : 'ready');
  useEffect(() => {
    if (!id) return;
    api<Row[]>('GET', kind.apiPath)
      .then((list) => {
        const found = list.find((row) => row.id === id);
        if (found) onFound(found);
        setState(found ? 'ready' : 'missing');
      })
      .catch(() => setState('missing'));
    // onFound (the form's reset) is left out: a new function each render must not reload the record.
  }, [id, kind.apiPath]);
  return state;
}

/**
 * Creates or updates the record, then returns to the list with the SPEC's success toast. On failure
 * the form stays filled in, with the server's field messages on their fields and the failure toast.
 * Answers whether it saved, so the form knows whether its changes are still unsaved.
 */
export async function saveRecord<T extends FieldValues>(
  kind: RecordKind,
  id: string | undefined,
  values: unknown,
  setError: UseFormSetError<T>,
): Promise<boolean> {
  const noun = kind.label.toLowerCase();
  try {
    await api(id ? 'PATCH' : 'POST', id ? `${kind.apiPath}/${id}` : kind.apiPath, values);
    invalidateKeys(kind.apiPath);
    notify.flash(`${kind.label} ${id ? 'updated' : 'created'} successfully`);
    window.location.assign(kind.listHref);
    return true;
  } catch (error) {
    applyServerErrors(error, setError);
    notify.error(`Failed to ${id ? 'update' : 'create'} ${noun}`);
    return false;
  }
}

/**
 * The delete flow of a list (SPEC §2): the row chosen for the dialog, the call, the SPEC's toasts and
 * the lists to refresh (deleting a trainer also deletes its trainings).
 */
export function useDeleteRecord<Row extends { id: string }>(kind: RecordKind, alsoRefresh: string[] = []) {
  const [doomed, setDoomed] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const noun = kind.label.toLowerCase();
  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await api('DELETE', `${kind.apiPath}/${doomed.id}`);
      invalidateKeys((key) => key === kind.apiPath || alsoRefresh.includes(key));
      notify.success(`${kind.label} deleted successfully`);
    } catch {
      notify.error(`Failed to delete ${noun}`);
    } finally {
      setBusy(false);
      setDoomed(null);
    }
  };
  return { doomed, setDoomed, busy, remove };
}

/** Cancel and the submit button of a record form; submitting waits for hydration (no native post). */
export function FormActions(props: { kind: RecordKind; editing: boolean; submitting: boolean; className?: string }) {
  const hydrated = useHydrated();
  return (
    <div className={`mt-2 flex justify-end gap-3 ${props.className ?? ''}`}>
      <a href={props.kind.listHref} className="rounded-md border border-slate-400 px-4 py-2 hover:bg-slate-100">
        Cancel
      </a>
      <button
        type="submit"
        disabled={props.submitting || !hydrated}
        aria-disabled={props.submitting || !hydrated}
        className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {props.submitting && <Spinner />}
        {props.editing ? `Update ${props.kind.label}` : `Create ${props.kind.label}`}
      </button>
    </div>
  );
}

/** The edit form of a record that does not exist (any more). */
export function RecordNotFound({ kind }: { kind: RecordKind }) {
  const noun = kind.label.toLowerCase();
  return (
    <div className="rounded-lg bg-white p-8 shadow">
      <h1 className="mb-2 text-2xl font-bold">{kind.label} not found</h1>
      <p className="mb-4">This {noun} does not exist any more; it may have been deleted.</p>
      <a className="text-brand-800 underline" href={kind.listHref}>
        Back to {noun}s
      </a>
    </div>
  );
}
