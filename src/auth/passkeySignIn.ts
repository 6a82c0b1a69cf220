import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import * as admins from '../data/signIn/admins';
import * as passkeys from '../data/signIn/passkeys';
import * as requestLimits from '../data/requestLimits';
import { AuthError } from './errors';
import { recordSecurityEvent } from './securityLog';
import { handleMatches, verifyAssertion, type Assertion } from './passkeyAssertion';
import { readPendingLogin, type SignInRequest } from './pendingLogin';
import { CHALLENGE_TTL_MS, relyingParty, signedChallenge } from './relyingParty';
import { admit, succeeded } from './throttle';

/**
 * Signing in with a passkey (docs/product.md, "Passkeys"), two ways:
 * - as the second factor, after the password step: the assertion must come from a passkey of the
 *   member whose step is pending;
 * - instead of the password (no pending step): the discoverable credential names the member. User
 *   verification (the device's PIN or biometrics) is then required, so the passkey alone is still
 *   two factors.
 * The challenge is single-use and expires; the signature counter must move on; failures are
 * throttled like passwords (src/auth/throttle.ts) and go into the security log.
 */

export type PasskeySignIn =
  | { ok: true; adminId: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfter: number };

type Credential = Assertion;

/** Options are asked for before anyone is known: per address, so no one can fill the challenge table. */
export const OPTIONS_PER_ADDRESS_PER_MINUTE = 30;

export async function authenticationOptions(request: SignInRequest): Promise<PublicKeyCredentialRequestOptionsJSON> {
  if (!(await requestLimits.take(`passkey-options:${request.ip}`, OPTIONS_PER_ADDRESS_PER_MINUTE, 60_000)))
    throw new AuthError('throttled', 'Too many attempts. Try again later.', { retryAfter: 60 });
  const pending = await readPendingLogin(request.pendingToken);
  const allowed = pending ? await passkeys.listFor(pending.adminId) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    allowCredentials: allowed.map((row) => ({ id: row.id, transports: row.transports })),
    userVerification: pending ? 'preferred' : 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await passkeys.saveChallenge(options.challenge, 'authentication', pending?.adminId ?? null, CHALLENGE_TTL_MS);
  return options;
}

/** Checks a passkey assertion; on success the caller completes the sign-in (finishLogin). */
export async function checkPasskey(request: SignInRequest, credential: Credential): Promise<PasskeySignIn> {
  const { ip } = request;
  const pending = await readPendingLogin(request.pendingToken);
  const passkey = await passkeys.findById(credential.id);
  const owner = passkey && (await admins.findById(passkey.adminId));
  const claimed = pending ? await admins.findById(pending.adminId) : owner;
  // The second factor shares its back-off subject with the code check (src/auth/twoFactor.ts); a
  // passwordless attempt has its own. An unknown credential counts against the address.
  const subject = pending ? `second-factor:${claimed?.email ?? ''}` : `passkey:${owner?.email ?? '(unknown passkey)'}`;
  const admission = await admit(subject, ip);
  if (!admission.allowed) return { ok: false, reason: 'throttled', retryAfter: admission.retryAfterSeconds };

  const challenge = signedChallenge(credential.response.clientDataJSON);
  const given = challenge ? await passkeys.takeChallenge(challenge, 'authentication') : undefined;
  const verified =
    challenge !== null &&
    given !== undefined &&
    passkey !== undefined &&
    owner !== undefined &&
    given.adminId === (pending?.adminId ?? null) &&
    (!pending || passkey.adminId === pending.adminId) &&
    handleMatches(credential, passkey.adminId) &&
    (await verifyAssertion(credential, passkey, challenge, !pending));
  if (!verified || !owner) {
    const actor = claimed
      ? { adminId: claimed.id, email: claimed.email }
      : { adminId: null, email: '(unknown passkey)' };
    await recordSecurityEvent({
      type: pending ? 'second-factor-failed' : 'sign-in-failed',
      actor,
      ip,
      detail: { method: 'passkey' },
    });
    return { ok: false, reason: 'invalid' };
  }
  await succeeded(subject, ip, admission.keys);
  return { ok: true, adminId: owner.id };
}
