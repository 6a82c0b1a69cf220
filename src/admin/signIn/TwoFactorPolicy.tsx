import { useEffect, useState } from 'react';
import { api } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';
import { withStepUp } from './stepUp';

/**
 * The owner's switch (docs/product.md, "Two-factor sign-in"): every member must have a second
 * factor. Members without one are sent to their Account page after the password until they set one
 * up. The owner needs one of their own first (the server says so). A change may ask "Confirm it's
 * you" first (src/admin/signIn/stepUp.ts).
 */
export default function TwoFactorPolicy() {
  const [required, setRequired] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<{ required: boolean }>('GET', '/api/admin/settings/two-factor')
      .then((policy) => setRequired(policy.required))
      .catch((failure: unknown) => notify.error(apiErrorText(failure, 'Could not read the team setting')));
  }, []);

  async function change(next: boolean) {
    setBusy(true);
    try {
      const policy = await withStepUp(() =>
        api<{ required: boolean }>('PUT', '/api/admin/settings/two-factor', { required: next }),
      );
      setRequired(policy.required);
      notify.success(
        policy.required ? 'Every member now needs two-factor sign-in' : 'Two-factor sign-in is no longer required',
      );
    } catch (failure) {
      notify.error(apiErrorText(failure, 'Could not change the team setting'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="policy-heading" className="rounded-lg bg-white p-6 shadow">
      <h2 id="policy-heading" className="text-xl font-semibold">
        Team rule
      </h2>
      <label className="mt-3 flex items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          className="h-5 w-5 accent-brand-700"
          checked={required ?? false}
          disabled={required === null || busy}
          aria-describedby="policy-hint"
          onChange={(event) => void change(event.target.checked)}
        />
        <span className="font-medium">Require two-factor sign-in for everyone</span>
      </label>
      <p id="policy-hint" className="mt-1 text-sm text-slate-600">
        Members without an authenticator app or a passkey must set one up right after their password, before anything
        else.
      </p>
    </section>
  );
}
