import { useState } from 'react';
import { useStore } from '@nanostores/react';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { api } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';
import { $signInChanged } from './stepUp';

/**
 * The Account page's "Sign out everywhere else" (docs/security.md): every other session of the member ends;
 * this one stays. After a change to how they sign in (a passkey, the authenticator app), the panel
 * says so and offers it: whoever else holds a session of theirs may have made that change.
 */
export default function SessionsPanel() {
  const changed = useStore($signInChanged);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function signOutElsewhere() {
    setBusy(true);
    try {
      const { ended } = await api<{ ended: number }>('DELETE', '/api/admin/me/other-sessions');
      $signInChanged.set(false);
      notify.success(
        ended === 0
          ? 'You were not signed in anywhere else'
          : `Signed out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}`,
      );
    } catch (failure) {
      notify.error(apiErrorText(failure, 'Could not sign out your other sessions'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg bg-white p-6 shadow">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        Where you are signed in
      </h2>
      {changed && (
        <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
          Your sign-in settings changed. If someone else may be signed in as you, sign them out now.
        </p>
      )}
      <p className="mt-2 text-slate-700">Signs you out in every other browser and device; you stay signed in here.</p>
      <Button className="mt-3" variant="secondary" disabled={!hydrated || busy} onClick={() => void signOutElsewhere()}>
        Sign out everywhere else
      </Button>
    </section>
  );
}
