import { useEffect, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import { api, isStale } from './api';
import { etagFor } from '../../domain/etag';
import { $edited, editedVersion, withoutUnchangedSwitches } from './editedRecord';
import { invalidateKeys, type RecordKind } from './stores';
import { notify } from './notify';
import { applyServerErrors } from './formErrors';
import { Spinner } from '../../ui/Spinner';
import { useHydrated } from '../../ui/useHydrated';
import Button, { buttonClass } from '../../ui/Button';

type KeepTyped = { keepDirtyValues: boolean };

/** A partner's change that waits answers 202 with `reviewStatus: "pending"` (docs/product.md, Review queue). */
export type Reviewed = { reviewStatus?: string } | null;
export const SENT_FOR_REVIEW = 'Sent for review: it is public once a reviewer approves it';

/**
 * Loads the record being edited into the form. docs/product.md: the edit form fetches the whole list and
 * picks the matching id. An id that is not in the list (deleted meanwhile) is 'missing'; a list that
 * could not be read is 'missing' too, and RecordNotFound then says it could not be loaded.
 */
export function useRecordToEdit<Row extends { id: string; updatedAt: string }>(
  kind: RecordKind,
  id: string | undefined,
  onFound: (row: Row, options?: KeepTyped) => void,
): 'loading' | 'ready' | 'missing' {
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(id ? 'loading' : 'ready');
  useEffect(() => {
    if (!id) return;
    const load = async (keep: boolean) => {
      let found: Row | undefined;
      try {
        found = (await api<Row[]>('GET', kind.apiPath)).find((row) => row.id === id);
      } catch {
        if (keep) throw new Error('reload failed');
        $edited.set({ ...$edited.get(), loadFailed: true });
        setState('missing');
        return;
      }
      if (found) onFound(found, { keepDirtyValues: keep });
      $edited.set({ row: found ?? null, loadFailed: false, stale: false, reload: () => load(true) });
      setState(found ? 'ready' : 'missing');
    };
    void load(false);
    // onFound (the form's reset) is left out: a new function each render must not reload the record.
  }, [id, kind.apiPath]);
  return state;
}

/**
 * Creates or updates the record, then returns to the list with the product's success toast. An update
 * names the version it was loaded from (If-Match). On failure the form stays filled in, with the
 * server's field messages on their fields and the failure toast; a 412 also shows StaleRecordNotice.
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
    let answer: Reviewed;
    if (id) {
      const version = editedVersion();
      answer = await api(
        'PATCH',
        `${kind.apiPath}/${id}`,
        withoutUnchangedSwitches(values),
        version ? { 'if-match': version } : {},
      );
    } else {
      answer = await api('POST', kind.apiPath, values);
    }
    invalidateKeys(kind.apiPath);
    // A partner's change that waits for review says so (docs/product.md, Review queue).
    if (answer?.reviewStatus === 'pending') notify.flash(SENT_FOR_REVIEW, 'Saved');
    else notify.flash(`${kind.label} ${id ? 'updated' : 'created'} successfully`);
    window.location.assign(kind.listHref);
    return true;
  } catch (error) {
    if (isStale(error)) $edited.set({ ...$edited.get(), stale: true });
    applyServerErrors(error, setError);
    notify.error(`Failed to ${id ? 'update' : 'create'} ${noun}`);
    return false;
  }
}

/**
 * The delete flow of a list (docs/product.md): the row chosen for the dialog, the call, the product's toasts and
 * the lists to refresh (deleting a trainer also deletes its trainings).
 */
export function useDeleteRecord<Row extends { id: string; updatedAt: string }>(
  kind: RecordKind,
  alsoRefresh: string[] = [],
) {
  const [doomed, setDoomed] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const noun = kind.label.toLowerCase();
  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      // Only the version the list shows: a record changed meanwhile is not deleted unseen (412).
      const answer = await api<Reviewed>('DELETE', `${kind.apiPath}/${doomed.id}`, undefined, {
        'if-match': etagFor(doomed.updatedAt),
      });
      invalidateKeys((key) => key === kind.apiPath || alsoRefresh.includes(key));
      // A partner's delete of a training the public sees waits for review (docs/product.md, Review queue).
      if (answer?.reviewStatus === 'pending')
        notify.success('Delete requested: the training is removed once a reviewer approves it');
      else notify.success(`${kind.label} deleted successfully`);
    } catch (error) {
      // The list then shows the current version.
      if (isStale(error)) invalidateKeys(kind.apiPath);
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
      <a href={props.kind.listHref} className={buttonClass('secondary')}>
        Cancel
      </a>
      <Button
        type="submit"
        disabled={props.submitting || !hydrated}
        aria-disabled={props.submitting || !hydrated}
        className="inline-flex items-center gap-2"
      >
        {props.submitting && <Spinner />}
        {props.editing ? `Update ${props.kind.label}` : `Create ${props.kind.label}`}
      </Button>
    </div>
  );
}

/** The edit form of a record that does not exist (any more), or whose list could not be loaded. */
export function RecordNotFound({ kind }: { kind: RecordKind }) {
  const noun = kind.label.toLowerCase();
  const { loadFailed } = useStore($edited);
  return (
    <div className="rounded-lg bg-white p-8 shadow" role={loadFailed ? 'alert' : undefined}>
      <h1 className="mb-2 text-2xl font-bold">
        {loadFailed ? `Could not load this ${noun}` : `${kind.label} not found`}
      </h1>
      <p className="mb-4">
        {loadFailed
          ? `The ${noun} could not be loaded (the server or the connection failed). It was not deleted.`
          : `This ${noun} does not exist any more; it may have been deleted.`}
      </p>
      {loadFailed && (
        <Button className="mb-4 mr-4" onClick={() => window.location.reload()}>
          Try again
        </Button>
      )}
      <a className="text-brand-800 underline" href={kind.listHref}>
        Back to {noun}s
      </a>
    </div>
  );
}
