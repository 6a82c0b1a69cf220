import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import * as passkeys from '../data/signIn/passkeys';
import { transaction } from '../data/database/transaction';
import type { PasskeySummary } from '../domain/team/passkeys';
import type { z } from 'zod';
import type { RegistrationCredentialSchema } from '../domain/team/passkeys';
import { AuthError } from './errors';
import { recordSecurityEvent } from './securityLog';
import { mailFactorChange } from '../mail/memberMail';
import { userHandleOf } from './passkeyAssertion';
import { CHALLENGE_TTL_MS, RP_NAME, relyingParty, signedChallenge } from './relyingParty';
import type { AdminSession } from './sessions';

/**
 * A member's own passkeys (docs/product.md, "Passkeys"): registration, list, rename, delete.
 * Passkeys are made discoverable (residentKey 'required') so one can also replace the password, and
 * the device must verify its user (PIN or biometrics) when it makes one (docs/security.md). The routes that
 * add or delete one ask for a step-up first (src/auth/stepUp.ts); the member is mailed either way.
 */

export function summary(row: passkeys.PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function registrationOptions(admin: AdminSession): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeys.listFor(admin.adminId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().rpID,
    userName: admin.email,
    userDisplayName: admin.email,
    userID: userHandleOf(admin.adminId),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await passkeys.saveChallenge(options.challenge, 'registration', admin.adminId, CHALLENGE_TTL_MS);
  return options;
}

const refused = (message: string) => new AuthError('invalid', message, { fieldErrors: { response: [message] } });

/** Verifies the browser's new credential against a challenge given to this member, and stores it. */
export async function registerPasskey(
  ip: string,
  admin: AdminSession,
  name: string,
  response: z.output<typeof RegistrationCredentialSchema>,
): Promise<PasskeySummary> {
  const challenge = signedChallenge(response.response.clientDataJSON);
  const given = challenge ? await passkeys.takeChallenge(challenge, 'registration') : undefined;
  if (!challenge || !given || given.adminId !== admin.adminId)
    throw refused('This passkey request expired or was already used. Try again.');
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    verification = { verified: false as const };
  }
  if (!verification.verified) throw refused('The passkey could not be verified. Try again.');
  const { credential } = verification.registrationInfo;
  const row = await transaction(async (tx) => {
    const inserted = await passkeys.insert(tx, {
      id: credential.id,
      adminId: admin.adminId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    });
    if (!inserted) return undefined;
    await recordSecurityEvent({ type: 'passkey-added', actor: admin, ip, detail: { name } }, tx);
    await mailFactorChange(tx, admin.email, { kind: 'passkey-added', name: inserted.name });
    return inserted;
  });
  if (!row) throw refused('This passkey is already registered.');
  return summary(row);
}

export async function listPasskeys(admin: AdminSession): Promise<PasskeySummary[]> {
  return (await passkeys.listFor(admin.adminId)).map(summary);
}

export async function renamePasskey(admin: AdminSession, id: string, name: string): Promise<PasskeySummary> {
  const row = await passkeys.rename(admin.adminId, id, name);
  if (!row) throw new AuthError('notFound', 'Not found');
  return summary(row);
}

/** Deletes one of the member's own passkeys; 404 for an unknown one or someone else's. */
export async function deletePasskey(ip: string, admin: AdminSession, id: string): Promise<void> {
  const removed = await transaction(async (tx) => {
    const row = await passkeys.remove(tx, admin.adminId, id);
    if (row) {
      await recordSecurityEvent({ type: 'passkey-removed', actor: admin, ip, detail: { name: row.name } }, tx);
      await mailFactorChange(tx, admin.email, { kind: 'passkey-removed', name: row.name });
    }
    return row;
  });
  if (!removed) throw new AuthError('notFound', 'Not found');
}
