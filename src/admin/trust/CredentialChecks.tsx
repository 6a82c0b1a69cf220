import { useState, type SubmitEvent } from 'react';
import Button from '../../ui/Button';
import { describedBy, Field, inputClass } from '../../ui/Field';
import { useHydrated } from '../../ui/useHydrated';
import { CREDENTIAL_LABELS, CREDENTIALS, type CredentialCheckView } from '../../domain/trust/credentialChecks';
import { US_STATES } from '../../domain/states';
import { api, ApiError } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';

/**
 * A trainer's credential checks (docs/product.md, Trust) on their admin page: each check with its
 * status ("Verified … · Mar 2026" or "Verification due"), who checked, when, and the private note of
 * the evidence. The owner and admins record new ones; editors read them. Toasts show in the form's
 * toaster.
 */
type CheckView = Pick<
  CredentialCheckView,
  'id' | 'name' | 'checkedOn' | 'checkedBy' | 'evidenceNote' | 'current' | 'status'
>;

const textOf = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

const FIELDS = ['credential', 'licenseNumber', 'licenseState', 'checkedOn', 'evidenceNote'] as const;

export default function CredentialChecks(props: {
  trainerId: string;
  checks: CheckView[];
  canRecord: boolean;
  today: string;
}) {
  const [checks, setChecks] = useState(props.checks);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();

  // The fields are the browser's (uncontrolled): what was chosen or typed before the island took
  // over is what is sent.
  const record = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = Object.fromEntries(FIELDS.map((name) => [name, textOf(data.get(name))]));
    setBusy(true);
    try {
      const added = await api<CheckView>('POST', `/api/admin/trainers/${props.trainerId}/credential-checks`, body);
      setChecks([added, ...checks]);
      form.reset();
      setErrors({});
      notify.success('Credential check recorded');
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      notify.error(apiErrorText(error, 'Failed to record the credential check'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mt-6 rounded-lg bg-white p-6 shadow" aria-labelledby="checks-title">
      <h2 id="checks-title" className="mb-2 text-lg font-semibold">
        Credential checks
      </h2>
      {checks.length === 0 ? (
        <p className="mb-4 text-slate-700">No credential checked yet.</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-3">
          {checks.map((check) => (
            <li key={check.id} className="border-b border-slate-100 pb-2">
              <p className={check.current ? 'font-semibold text-green-900' : 'font-semibold text-amber-900'}>
                {check.current ? check.status : `${check.status}: ${check.name}`}
              </p>
              <p className="text-sm text-slate-700">
                Checked on {check.checkedOn} by {check.checkedBy}
              </p>
              <p className="whitespace-pre-line text-sm text-slate-800">Evidence: {check.evidenceNote}</p>
            </li>
          ))}
        </ul>
      )}
      {props.canRecord && (
        <form className="grid gap-3 md:grid-cols-2" onSubmit={(event) => void record(event)} noValidate>
          <Field id="check-credential" label="Credential" required error={errors.credential?.[0]}>
            <select
              id="check-credential"
              name="credential"
              className={inputClass}
              defaultValue=""
              {...describedBy('check-credential', false, errors.credential?.[0])}
            >
              <option value="">Choose…</option>
              {CREDENTIALS.map((c) => (
                <option key={c} value={c}>
                  {CREDENTIAL_LABELS[c]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="check-date" label="Checked on" required error={errors.checkedOn?.[0]}>
            <input id="check-date" type="date" max={props.today} name="checkedOn" className={inputClass} />
          </Field>
          <Field
            id="check-number"
            label="License number"
            hint="For a state license only"
            error={errors.licenseNumber?.[0]}
          >
            <input
              id="check-number"
              name="licenseNumber"
              className={inputClass}
              {...describedBy('check-number', true, errors.licenseNumber?.[0])}
            />
          </Field>
          <Field
            id="check-state"
            label="License state"
            hint="For a state license only"
            error={errors.licenseState?.[0]}
          >
            <select
              id="check-state"
              name="licenseState"
              className={inputClass}
              defaultValue=""
              {...describedBy('check-state', true, errors.licenseState?.[0])}
            >
              <option value="">None</option>
              {US_STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </Field>
          <div className="md:col-span-2">
            <Field id="check-note" label="Evidence (private to the team)" required error={errors.evidenceNote?.[0]}>
              <textarea
                id="check-note"
                name="evidenceNote"
                rows={2}
                className={inputClass}
                {...describedBy('check-note', false, errors.evidenceNote?.[0])}
              />
            </Field>
          </div>
          <div>
            <Button type="submit" disabled={!ready || busy}>
              Record check
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
