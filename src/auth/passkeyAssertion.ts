import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import * as passkeys from '../data/signIn/passkeys';
import type { AuthenticationCredentialSchema } from '../domain/team/passkeys';
import { relyingParty } from './relyingParty';

/** A browser's passkey assertion (navigator.credentials.get), as the API takes it. */
export type Assertion = z.output<typeof AuthenticationCredentialSchema>;

/** The member's id as the WebAuthn user handle: a passwordless assertion names the member by it. */
export const userHandleOf = (adminId: string) => new TextEncoder().encode(adminId);

/** A discoverable credential says whose it is; it must be the member the passkey was registered to. */
export function handleMatches(credential: Assertion, adminId: string): boolean {
  const handle = credential.response.userHandle;
  if (!handle) return true;
  return Buffer.from(handle, 'base64url').equals(Buffer.from(userHandleOf(adminId)));
}

/**
 * Checks an assertion of `passkey` for `challenge` against the configured relying party (a sign-in
 * and a step-up alike), and records the use: the signature counter must move on, and is written only
 * if no parallel use moved it first.
 */
export async function verifyAssertion(
  credential: Assertion,
  passkey: passkeys.PasskeyRow,
  challenge: string,
  requireUserVerification: boolean,
): Promise<boolean> {
  const rp = relyingParty();
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    });
    return (
      result.verified && (await passkeys.recordUse(passkey.id, passkey.counter, result.authenticationInfo.newCounter))
    );
  } catch {
    return false;
  }
}
