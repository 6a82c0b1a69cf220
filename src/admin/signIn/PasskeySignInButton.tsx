import { useState } from 'react';
import { NOTICES } from '../../domain/adminNotice';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { notify } from '../client/notify';
import { browserSupportsWebAuthn, NO_WEBAUTHN, passkeyErrorText, signInWithPasskey } from './passkeyBrowser';
import { landingOf } from '../../domain/team/landing';

/**
 * "Sign in with a passkey" on the login page (no password), or "Use a passkey" on the second-factor
 * step: the same call, the server knows which from the pending step. Success goes where a password
 * sign-in goes. Needs the page's script, so it is disabled until the island runs.
 */
export default function PasskeySignInButton(props: { label: string; variant?: 'primary' | 'secondary' }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function onClick() {
    if (!browserSupportsWebAuthn()) {
      notify.error(NO_WEBAUTHN);
      return;
    }
    setBusy(true);
    try {
      const done = await signInWithPasskey();
      notify.flash(NOTICES['signed-in'].message);
      window.location.assign(landingOf(done));
    } catch (error) {
      notify.error(passkeyErrorText(error));
      setBusy(false);
    }
  }

  return (
    <Button variant={props.variant ?? 'secondary'} disabled={!hydrated || busy} onClick={() => void onClick()}>
      {busy ? 'Waiting for the passkey...' : props.label}
    </Button>
  );
}
