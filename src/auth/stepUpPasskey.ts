import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import * as passkeys from '../data/signIn/passkeys';
import { AuthError, tooManyAttempts } from './errors';
import { handleMatches, verifyAssertion, type Assertion } from './passkeyAssertion';
import { CHALLENGE_TTL_MS, relyingParty, signedChallenge } from './relyingParty';
import type { AdminSession } from './sessions';
import { markSteppedUp, stepUpFailed } from './stepUp';
import { admit, succeeded } from './throttle';

/**
 * Step-up with one of the member's own passkeys (docs/decisions/0021-step-up.md). It stands in for
 * the password, so the device must verify its user (PIN or biometrics), as for a sign-in without a
 * password. The challenge is the member's, single-use, and kept apart from sign-in challenges.
 */
export async function stepUpOptions(session: AdminSession): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const mine = await passkeys.listFor(session.adminId);
  if (mine.length === 0) throw new AuthError('conflict', 'You have no passkeys: use your password');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    allowCredentials: mine.map((row) => ({ id: row.id, transports: row.transports })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await passkeys.saveChallenge(options.challenge, 'step-up', session.adminId, CHALLENGE_TTL_MS);
  return options;
}

/** Checks the assertion; until when the session is stepped up. 400 for one that is not accepted. */
export async function stepUpWithPasskey(session: AdminSession, credential: Assertion, ip: string): Promise<Date> {
  // The back-off subject of a sign-in with a passkey (src/auth/passkeySignIn.ts).
  const subject = `passkey:${session.email}`;
  const admission = await admit(subject, ip);
  if (!admission.allowed) {
    throw tooManyAttempts(admission.retryAfterSeconds);
  }
  const challenge = signedChallenge(credential.response.clientDataJSON);
  const given = challenge ? await passkeys.takeChallenge(challenge, 'step-up') : undefined;
  const passkey = await passkeys.findById(credential.id);
  const verified =
    challenge !== null &&
    given?.adminId === session.adminId &&
    passkey?.adminId === session.adminId &&
    handleMatches(credential, session.adminId) &&
    (await verifyAssertion(credential, passkey, challenge, true));
  if (!verified) {
    await stepUpFailed(session, 'passkey', ip);
    throw new AuthError('invalid', 'The passkey was not accepted', {
      fieldErrors: { response: ['The passkey was not accepted'] },
    });
  }
  await succeeded(subject, ip, admission.keys);
  return markSteppedUp(session, 'passkey', ip);
}
