import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { StepUpStatus } from '../../domain/team/stepUp';
import Button from '../../ui/Button';
import { Field, describedBy, inputClass } from '../../ui/Field';
import { api, ApiError } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { browserSupportsWebAuthn, passkeyErrorText, stepUpWithPasskey } from './passkeyBrowser';
import { $stepUpDialogMounted, $stepUpRequest, STEP_UP_SIGN_IN_REASON } from './stepUp';

type Mode = 'password' | 'code';

const LABELS: Record<Mode, string> = { password: 'Password', code: 'Code from the app, or a recovery code' };
const EMPTY: Record<Mode, string> = { password: 'Enter your password', code: 'Enter the code' };

/** The field's own message from a refused step-up, else the server's sentence. */
function refusalText(error: unknown, mode: Mode): string {
  if (error instanceof ApiError && error.fieldErrors[mode]?.[0]) return error.fieldErrors[mode][0];
  return apiErrorText(error, 'That did not work: try again');
}

/**
 * "Confirm it's you" (docs/decisions/0021-step-up.md): opened by a change the server refused for a
 * stale step-up (src/admin/signIn/stepUp.ts). The member gives their password, or a code from their
 * authenticator app, or uses a passkey; the change is then made again. One per page, as an island of
 * its own; a modal dialog that keeps the focus inside, starts in the field, and gives the focus back
 * when it closes (Headless UI).
 */
export default function StepUpDialog() {
  const request = useStore($stepUpRequest);
  const [status, setStatus] = useState<StepUpStatus | null>(null);
  const [mode, setMode] = useState<Mode>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    $stepUpDialogMounted.set(true);
    return () => $stepUpDialogMounted.set(false);
  }, []);

  useEffect(() => {
    if (!request) return;
    setMode('password');
    setValue('');
    setError(undefined);
    api<StepUpStatus>('GET', '/api/admin/me/step-up')
      .then(setStatus)
      .catch(() => setStatus({ methods: ['password'], steppedUpUntil: null }));
  }, [request]);

  const close = (confirmed: boolean) => request?.done(confirmed);

  function switchTo(next: Mode) {
    setMode(next);
    setValue('');
    setError(undefined);
    input.current?.focus();
  }

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) {
      setError(EMPTY[mode]);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await api('POST', '/api/admin/me/step-up', mode === 'password' ? { password: value } : { code: value });
      close(true);
    } catch (failure) {
      setError(refusalText(failure, mode));
      setValue('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function usePasskey() {
    setBusy(true);
    try {
      await stepUpWithPasskey();
      close(true);
    } catch (failure) {
      setError(passkeyErrorText(failure));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const methods = status?.methods ?? ['password'];
  const otherMode: Mode = mode === 'password' ? 'code' : 'password';
  return (
    <Dialog open={request !== null} onClose={() => close(false)} initialFocus={input} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{"Confirm it's you"}</DialogTitle>
          <Description className="mt-2 text-slate-700">
            {request?.reason ? `${request.reason} You will not be asked again for 10 minutes.` : STEP_UP_SIGN_IN_REASON}
          </Description>
          <form onSubmit={(event) => void confirm(event)} noValidate className="mt-4 flex flex-col gap-4">
            <Field id="step-up-secret" label={LABELS[mode]} error={error}>
              <input
                ref={input}
                id="step-up-secret"
                type={mode === 'password' ? 'password' : 'text'}
                autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'}
                inputMode={mode === 'password' ? undefined : 'text'}
                spellCheck={false}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                className={inputClass}
                {...describedBy('step-up-secret', false, error)}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Checking...' : 'Confirm'}
              </Button>
            </div>
          </form>
          {(methods.includes('code') || methods.includes('passkey')) && (
            <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              {methods.includes('code') && (
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => switchTo(otherMode)}>
                  {otherMode === 'code' ? 'Use a code instead' : 'Use your password instead'}
                </Button>
              )}
              {methods.includes('passkey') && browserSupportsWebAuthn() && (
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => void usePasskey()}>
                  Use a passkey
                </Button>
              )}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
