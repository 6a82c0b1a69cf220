import { TEAM_SIGN_IN } from '../../domain/adminPaths';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { NOTICES } from '../../domain/adminNotice';
import { CODES_LOCKED, SIGN_IN_ENDED, type SecondFactorMethod } from '../../domain/team/secondFactor';
import { Field, describedBy, inputClass } from '../../ui/Field';
import { useHydrated } from '../../ui/useHydrated';
import Button from '../../ui/Button';
import { api, ApiError } from '../client/api';
import { AdminToaster, notify } from '../client/notify';
import { useServerNotice } from '../client/serverNotice';
import { landingOf } from '../../domain/team/landing';

/**
 * The sign-in's second step (docs/product.md, "Two-factor sign-in"): the code from the
 * authenticator app, or a recovery code instead. A real form post to the second-factor endpoint, so
 * it also works before (or without) the page's script. `children` holds other ways to finish the
 * step (a passkey button), shown under the code form. `onRestart` runs when the step has expired:
 * the member starts again with the password. `toaster`: this step is the page's only island (the
 * plain-form page /admin/second-factor), so it shows the toasts itself.
 */
export default function SecondFactorStep(props: {
  methods: SecondFactorMethod[];
  onRestart?: () => void;
  toaster?: boolean;
  children?: ReactNode;
}) {
  const { methods, children } = props;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const hasCodes = methods.includes('totp');
  // A wrong code posted before the script ran comes back as a notice cookie.
  useServerNotice();

  // The step replaces the password form: the cursor goes to the field that is asked for now.
  useEffect(() => {
    input.current?.focus();
  }, [recovery]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(recovery ? 'Enter a recovery code' : 'Enter the code from your authenticator app');
      input.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const done = await api<{ enrolmentRequired?: boolean }>('POST', '/api/admin/login/second-factor', { code });
      notify.flash(NOTICES['signed-in'].message);
      window.location.assign(landingOf(done));
    } catch (failure) {
      setBusy(false);
      // The step expired, or ended at its tenth wrong code (docs/decisions/0021-step-up.md): start again.
      const ended = failure instanceof ApiError && failure.code === SIGN_IN_ENDED;
      if (failure instanceof ApiError && failure.status === 401 && (ended || /expired/i.test(failure.message))) {
        notify.error(NOTICES[ended ? 'sign-in-ended' : 'sign-in-expired'].message);
        if (props.onRestart) props.onRestart();
        else window.location.assign(TEAM_SIGN_IN);
        return;
      }
      const locked = failure instanceof ApiError && failure.code === CODES_LOCKED;
      const throttled = failure instanceof ApiError && failure.status === 429;
      notify.error(
        locked
          ? NOTICES['codes-locked'].message
          : throttled
            ? NOTICES.throttled.message
            : NOTICES['invalid-code'].message,
      );
      setCode('');
      input.current?.focus();
    }
  }

  const id = recovery ? 'recovery-code' : 'totp-code';
  return (
    <div className="flex flex-col gap-4">
      {props.toaster && <AdminToaster />}
      <h2 className="text-xl font-semibold">Two-factor sign-in</h2>
      {hasCodes && (
        <form
          method="post"
          action="/api/admin/login/second-factor"
          onSubmit={(event) => void onSubmit(event)}
          noValidate={hydrated}
          className="flex flex-col gap-4"
        >
          <p className="text-slate-700">
            {recovery
              ? 'Type one of the recovery codes you saved when you set up the app. Each works once.'
              : 'Open your authenticator app and type the 6-digit code it shows for this site.'}
          </p>
          <Field id={id} label={recovery ? 'Recovery code' : 'Authentication code'} error={error}>
            <input
              ref={input}
              id={id}
              name="code"
              type="text"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete={recovery ? 'off' : 'one-time-code'}
              inputMode={recovery ? 'text' : 'numeric'}
              spellCheck={false}
              className={inputClass}
              {...describedBy(id, false, error)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
          {hydrated && (
            <Button
              variant="secondary"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setError(undefined);
              }}
            >
              {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
            </Button>
          )}
        </form>
      )}
      {children}
    </div>
  );
}
