import { passkeyEnv } from '../settings';

/** How long a WebAuthn challenge may be answered: the same five minutes as the pending password step. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RP_NAME = 'EMDR Training admin';

/**
 * The WebAuthn relying party (README.md, "Passkeys"; docs/decisions/0021-step-up.md): SITE_URL's host
 * name as the RP ID, and SITE_URL's origin plus PASSKEY_ORIGINS as the origins a browser may have
 * signed for. Configuration only: a request's Host or Origin never changes them: a
 * request addressed to another of the server's names once made passkeys for that name.
 */
export function relyingParty(): { rpID: string; origins: string[] } {
  const { rpId, origins } = passkeyEnv();
  return { rpID: rpId, origins };
}

/** The challenge the browser signed, read from its clientDataJSON (base64url JSON); null if unreadable. */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}
