import { z } from 'zod';

/**
 * Passkeys (docs/product.md, "Passkeys"): the name a member gives one, and the shape of the
 * browser's answers the API takes. One rule for the Account page's form and the API.
 */
export const PASSKEY_NAME_MAX = 100;

export const PasskeyNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(PASSKEY_NAME_MAX, { error: `Use a name of at most ${PASSKEY_NAME_MAX} characters` });

const b64url = z
  .string()
  .max(16_000)
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'Not base64url' });

/**
 * The browser's credential as @simplewebauthn/browser serialises it. Only what the server reads is
 * checked here; the signature checks are @simplewebauthn/server's.
 */
const credentialBase = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

export const RegistrationCredentialSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
});

export const AuthenticationCredentialSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
});

export const PasskeyRegistrationSchema = z.strictObject({
  name: PasskeyNameSchema,
  response: RegistrationCredentialSchema,
});

export const PasskeyRenameSchema = z.strictObject({ name: PasskeyNameSchema });

export const PasskeySignInSchema = z.strictObject({
  response: AuthenticationCredentialSchema,
});

/** A passkey as the API lists it (never its public key or counter). */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
