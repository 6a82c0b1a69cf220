import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TotpStatus } from '../../domain/team/secondFactor';
import { Field, describedBy, inputClass } from '../../ui/Field';
import Button from '../../ui/Button';
import { api } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';
import { offerSignOutElsewhere, withStepUp } from './stepUp';

interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qr: string;
}

/**
 * The Account page's authenticator app (docs/product.md, "Two-factor sign-in"): set it up with a
 * QR code (or the key typed by hand) and a first code; the ten recovery codes are then shown once,
 * to copy or download. Once on: new recovery codes, or turn it off, each with a current code (that
 * code is the step-up; setting the app up may ask "Confirm it's you" first, src/admin/signIn/stepUp.ts).
 * Each change offers "Sign out everywhere else".
 */
export default function TotpSettings() {
  const [status, setStatus] = useState<TotpStatus | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const codesHeading = useRef<HTMLHeadingElement>(null);

  async function reload() {
    setStatus(await api<TotpStatus>('GET', '/api/admin/me/totp'));
  }

  useEffect(() => {
    reload().catch((failure: unknown) => notify.error(apiErrorText(failure, 'Could not read your sign-in settings')));
  }, []);

  useEffect(() => {
    if (enrolment) codeInput.current?.focus();
  }, [enrolment]);

  useEffect(() => {
    if (codes) codesHeading.current?.focus();
  }, [codes]);

  /** Runs a call that needs the code field; a refusal shows the server's sentence under the field. */
  async function withCode(run: () => Promise<void>) {
    if (!code.trim()) {
      setError('Enter the 6-digit code from your authenticator app');
      codeInput.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await run();
      setCode('');
    } catch (failure) {
      setError(apiErrorText(failure, 'That did not work: try again'));
      codeInput.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    setBusy(true);
    try {
      const started = await withStepUp(() => api<{ secret: string; otpauthUrl: string }>('POST', '/api/admin/me/totp'));
      const QRCode = await import('qrcode');
      setEnrolment({ ...started, qr: await QRCode.toDataURL(started.otpauthUrl, { margin: 1, width: 200 }) });
    } catch (failure) {
      notify.error(apiErrorText(failure, 'Could not start setting up the app'));
    } finally {
      setBusy(false);
    }
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    void withCode(async () => {
      const done = await withStepUp(() =>
        api<{ recoveryCodes: string[] }>('POST', '/api/admin/me/totp/verify', { code }),
      );
      setEnrolment(null);
      setCodes(done.recoveryCodes);
      notify.success('Two-factor sign-in is on');
      offerSignOutElsewhere();
      await reload();
    });
  }

  function renew() {
    void withCode(async () => {
      const done = await api<{ recoveryCodes: string[] }>('POST', '/api/admin/me/totp/recovery-codes', { code });
      setCodes(done.recoveryCodes);
      notify.success('New recovery codes made; the old ones no longer work');
      offerSignOutElsewhere();
      await reload();
    });
  }

  function turnOff() {
    void withCode(async () => {
      setStatus(await api<TotpStatus>('DELETE', '/api/admin/me/totp', { code }));
      setCodes(null);
      notify.success('The authenticator app is off');
      offerSignOutElsewhere();
    });
  }

  function download() {
    const blob = new Blob([`EMDR Training Directory recovery codes\n\n${codes!.join('\n')}\n`], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function copy() {
    await navigator.clipboard.writeText(codes!.join('\n'));
    notify.success('Recovery codes copied');
  }

  const codeField = (label: string) => (
    <Field id="totp-code" label={label} error={error}>
      <input
        ref={codeInput}
        id="totp-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        className={`${inputClass} max-w-xs`}
        {...describedBy('totp-code', false, error)}
      />
    </Field>
  );

  return (
    <section aria-labelledby="totp-heading" className="rounded-lg bg-white p-6 shadow">
      <h2 id="totp-heading" className="text-xl font-semibold">
        Authenticator app
      </h2>
      {codes && (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4">
          <h3 ref={codesHeading} tabIndex={-1} className="font-semibold">
            Your recovery codes
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Keep them somewhere safe: each signs you in once if you lose your phone. They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
            {codes.map((recoveryCode) => (
              <li key={recoveryCode}>{recoveryCode}</li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              Copy
            </Button>
            <Button variant="secondary" size="sm" onClick={download}>
              Download
            </Button>
            <Button size="sm" onClick={() => setCodes(null)}>
              I have saved them
            </Button>
          </div>
        </div>
      )}
      {status === null ? (
        <p className="mt-2 text-slate-700">Loading...</p>
      ) : status.enabled ? (
        <div className="mt-2 flex flex-col gap-3">
          <p className="text-slate-700">
            On: signing in asks for a code from your app. Recovery codes left: {status.recoveryCodesLeft}.
          </p>
          {codeField('Current code (from the app, or a recovery code)')}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={busy} onClick={renew}>
              New recovery codes
            </Button>
            <Button variant="danger" disabled={busy} onClick={turnOff}>
              Turn off
            </Button>
          </div>
        </div>
      ) : enrolment ? (
        <form onSubmit={confirm} noValidate className="mt-2 flex flex-col gap-3">
          <p className="text-slate-700">Scan this QR code with your authenticator app, then type the code it shows.</p>
          <img src={enrolment.qr} width={200} height={200} alt="QR code to add this site to your authenticator app" />
          <p className="text-sm text-slate-700">
            Cannot scan it? Type this key into the app:{' '}
            <code data-testid="totp-secret" className="rounded bg-slate-100 px-1 font-mono break-all">
              {enrolment.secret}
            </code>
          </p>
          {codeField('Code from the app')}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Checking...' : 'Turn on'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-col items-start gap-3">
          <p className="text-slate-700">
            Off. With an authenticator app (such as Google Authenticator, 1Password or Aegis), signing in also asks for
            a code from your phone.
          </p>
          <Button disabled={busy} onClick={() => void start()}>
            Set up an authenticator app
          </Button>
        </div>
      )}
    </section>
  );
}
