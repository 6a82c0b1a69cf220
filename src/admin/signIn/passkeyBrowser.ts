import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api, ApiError } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';

/**
 * The browser's side of passkeys (docs/product.md, "Passkeys"): ask the server for options,
 * let the browser talk to the authenticator, send its answer back. Errors become one sentence a
 * member can act on.
 */
export { browserSupportsWebAuthn };

export const NO_WEBAUTHN = 'This browser cannot use passkeys.';

/** A sentence for a failed ceremony: the browser's refusal, or the server's `error`. */
export function passkeyErrorText(error: unknown): string {
  if (error instanceof ApiError) return apiErrorText(error, error.message);
  const name = (error as { name?: string; cause?: { name?: string } } | null)?.cause?.name ?? (error as Error)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The browser did not use a passkey: it was cancelled or took too long.';
  if (name === 'InvalidStateError') return 'This device already holds one of your passkeys.';
  if (name === 'SecurityError') return 'The browser refused passkeys on this address.';
  return `The browser could not use a passkey: ${error instanceof Error ? error.message : String(error)}`;
}

/** Makes a new passkey on this device and registers it under `name`. */
export async function addPasskey(name: string): Promise<void> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/admin/me/passkeys/options', {});
  const response = await startRegistration({ optionsJSON });
  await api('POST', '/api/admin/me/passkeys', { name, response });
}

/**
 * Signs in with a passkey: the second factor of a pending password step, or (with no step pending)
 * instead of the password. The server's answer is the login's.
 */
export async function signInWithPasskey(): Promise<{ enrolmentRequired?: boolean }> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/admin/login/passkey/options', {});
  const response = await startAuthentication({ optionsJSON });
  return api('POST', '/api/admin/login/passkey', { response });
}

/** Confirms it's the member with one of their passkeys (a step-up, src/admin/signIn/stepUp.ts). */
export async function stepUpWithPasskey(): Promise<void> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/api/admin/me/step-up/passkey/options',
    {},
  );
  const response = await startAuthentication({ optionsJSON });
  await api('POST', '/api/admin/me/step-up/passkey', { response });
}
