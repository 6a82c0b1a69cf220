import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { PasskeyNameSchema, type PasskeySummary } from '../../domain/team/passkeys';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import Button from '../../ui/Button';
import { Field, describedBy, inputClass } from '../../ui/Field';
import { useHydrated } from '../../ui/useHydrated';
import { api } from '../client/api';
import { AdminToaster, notify } from '../client/notify';
import { addPasskey, browserSupportsWebAuthn, NO_WEBAUTHN, passkeyErrorText } from './passkeyBrowser';
import { offerSignOutElsewhere, withStepUp } from './stepUp';
import { memberDate } from '../../domain/time/memberDates';

const day = (iso: string) => memberDate(iso);

/** A name as the server will take it, or the field's message. */
function checkName(value: string): { name: string } | { error: string } {
  const result = PasskeyNameSchema.safeParse(value);
  return result.success ? { name: result.data } : { error: result.error.issues[0]!.message };
}

/**
 * The Account page's passkeys (docs/product.md, "Passkeys"): the member's passkeys with when
 * they were added and last used; add one (named), rename, delete (asks first). A passkey is a
 * second factor and can also sign in without the password. Adding and deleting one may ask "Confirm
 * it's you" first (src/admin/signIn/stepUp.ts), and then offer "Sign out everywhere else". `toaster`: this
 * island shows the page's toasts (one toaster per page).
 */
export default function PasskeySettings(props: { toaster?: boolean }) {
  const [passkeys, setPasskeys] = useState<PasskeySummary[] | null>(null);
  const [nameError, setNameError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string; error?: string } | null>(null);
  const [deleting, setDeleting] = useState<PasskeySummary | null>(null);
  const [busy, setBusy] = useState(false);
  const renameInput = useRef<HTMLInputElement>(null);
  // The passkey whose Rename button gets the focus back once its rename form closes (keyboard use).
  const renamed = useRef<string | null>(null);
  const hydrated = useHydrated();

  async function reload() {
    setPasskeys((await api<{ passkeys: PasskeySummary[] }>('GET', '/api/admin/me/passkeys')).passkeys);
  }

  useEffect(() => {
    reload().catch((error: unknown) => notify.error(passkeyErrorText(error)));
  }, []);

  useEffect(() => {
    if (renaming) {
      renamed.current = renaming.id;
      renameInput.current?.focus();
    } else if (renamed.current) {
      document.getElementById(`rename-${renamed.current}`)?.focus();
      renamed.current = null;
    }
  }, [renaming?.id]);

  async function onAdd(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: a name typed before the island ran is in the field only.
    const form = event.currentTarget;
    const typed = new FormData(form).get('name');
    const checked = checkName(typeof typed === 'string' ? typed : '');
    if ('error' in checked) {
      setNameError(checked.error);
      return;
    }
    setNameError(undefined);
    if (!browserSupportsWebAuthn()) {
      notify.error(NO_WEBAUTHN);
      return;
    }
    setAdding(true);
    try {
      await withStepUp(() => addPasskey(checked.name));
      form.reset();
      notify.success(`Passkey "${checked.name}" added`);
      offerSignOutElsewhere();
      await reload();
    } catch (error) {
      notify.error(passkeyErrorText(error));
    } finally {
      setAdding(false);
    }
  }

  async function onRename(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming) return;
    const checked = checkName(renaming.name);
    if ('error' in checked) {
      setRenaming({ ...renaming, error: checked.error });
      return;
    }
    setBusy(true);
    try {
      await api('PATCH', `/api/admin/me/passkeys/${encodeURIComponent(renaming.id)}`, { name: checked.name });
      setRenaming(null);
      notify.success(`Passkey renamed to "${checked.name}"`);
      await reload();
    } catch (error) {
      notify.error(passkeyErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    if (!deleting) return;
    const passkey = deleting;
    // Closed first: "Confirm it's you" may need the screen next.
    setDeleting(null);
    setBusy(true);
    try {
      await withStepUp(() => api('DELETE', `/api/admin/me/passkeys/${encodeURIComponent(passkey.id)}`));
      notify.success(`Passkey "${passkey.name}" deleted`);
      offerSignOutElsewhere();
      await reload();
    } catch (error) {
      notify.error(passkeyErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="passkeys-heading" className="rounded-lg bg-white p-6 shadow">
      {props.toaster && <AdminToaster />}
      <h2 id="passkeys-heading" className="text-xl font-semibold">
        Passkeys
      </h2>
      <p className="mt-1 text-slate-700">
        A passkey lives on this device or your phone and is unlocked with its PIN, fingerprint or face. It is a second
        factor after your password, and can also sign you in without it.
      </p>
      {passkeys === null ? (
        <p className="mt-4 text-slate-600">Loading passkeys…</p>
      ) : passkeys.length === 0 ? (
        <p className="mt-4 text-slate-600">You have no passkeys yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              {renaming?.id === passkey.id ? (
                <form onSubmit={(event) => void onRename(event)} className="flex flex-wrap items-end gap-2" noValidate>
                  <Field id="passkey-rename" label={`New name for ${passkey.name}`} error={renaming.error}>
                    <input
                      id="passkey-rename"
                      ref={renameInput}
                      className={inputClass}
                      value={renaming.name}
                      maxLength={100}
                      onChange={(event) => setRenaming({ ...renaming, name: event.target.value, error: undefined })}
                      onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}
                      {...describedBy('passkey-rename', false, renaming.error)}
                    />
                  </Field>
                  <Button type="submit" size="sm" disabled={busy}>
                    Save name
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setRenaming(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <div>
                  <p className="font-medium text-slate-900">{passkey.name}</p>
                  <p className="text-sm text-slate-600">
                    Added {day(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `last used ${day(passkey.lastUsedAt)}` : 'not used yet'}
                  </p>
                </div>
              )}
              {renaming?.id !== passkey.id && (
                <div className="flex gap-2">
                  <Button
                    id={`rename-${passkey.id}`}
                    variant="secondary"
                    size="sm"
                    aria-label={`Rename ${passkey.name}`}
                    onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Delete ${passkey.name}`}
                    onClick={() => setDeleting(passkey)}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void onAdd(event)} className="mt-6 flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-64 flex-1">
          <Field id="passkey-name" label="Passkey name" hint="Say which device it is on" error={nameError}>
            <input
              id="passkey-name"
              name="name"
              className={inputClass}
              placeholder="e.g. Work laptop"
              maxLength={100}
              {...describedBy('passkey-name', true, nameError)}
            />
          </Field>
        </div>
        <Button type="submit" disabled={!hydrated || adding}>
          {adding ? 'Waiting for the passkey...' : 'Add a passkey'}
        </Button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete passkey?"
        message={`"${deleting?.name ?? ''}" will no longer sign you in. If it is your only second factor, your password alone will sign you in again.`}
        confirmLabel="Delete passkey"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      />
    </section>
  );
}
