import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
// @simplewebauthn/server's own CBOR codec: test-only use, no dependency of ours.
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/**
 * A software WebAuthn authenticator for API tests: an ES256 key per credential, attestation 'none',
 * and assertions signed as a real authenticator signs them (WebAuthn Level 3, §6.1 and §6.3.3).
 * Each assertion moves the signature counter on by one.
 */
export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/**
 * Answers registration options (as POST /api/admin/me/passkeys/options gives them) for `origin`;
 * `userVerified: false` is a device that made the key without checking its user (no PIN, no biometrics).
 */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
  opts: { userVerified?: boolean } = {},
): { credential: SoftCredential; response: Record<string, unknown> } {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = encodeCBOR(
    new Map<number, CBORType>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV) | FLAG_AT]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    Buffer.from(coseKey),
  ]);
  const attestationObject = encodeCBOR(
    new Map<string, CBORType>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, CBORType>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const id = b64url(credentialId);
  return {
    credential: { id, privateKey, userHandle: options.user.id, counter: 0 },
    response: {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    },
  };
}

/** Signs an assertion for `challenge` with this credential, as navigator.credentials.get would. */
export function assert(
  credential: SoftCredential,
  challenge: string,
  origin: string,
  opts: { rpId?: string; userVerified?: boolean } = {},
): Record<string, unknown> {
  credential.counter += 1;
  const rpId = opts.rpId ?? new URL(origin).hostname;
  const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV);
  const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes(credential.counter)]);
  const data = clientData('webauthn.get', challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
  };
}
