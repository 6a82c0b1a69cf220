import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Two-factor secrets at rest (docs/decisions/0019-secrets-at-rest.md). From one
 * master key (SECRETS_KEY or DATA_DIR/secrets.key, never the database) HKDF-SHA-256 derives:
 * - `totp`: AES-256-GCM for TOTP secrets, which the server must read back to compute codes. A sealed
 *   secret is `gcm1:` + base64url(12-byte nonce | ciphertext | 16-byte tag), bound to its member's
 *   id (associated data), so a sealed value copied onto another row does not open;
 * - `codes`: HMAC-SHA-256 for recovery codes, over a random 16-byte salt per code and the code's
 *   SHA-256. One keyed hash per stored code (at most ten per member) costs microseconds, where
 *   Argon2id would cost ten slow hashes per attempt on the request path; without the key, the 50-bit
 *   codes in a copy of the database cannot be tried offline, and the salt makes each stored code a
 *   search of its own for anyone who has both;
 * - `check`: a fingerprint stored in `app_meta`, by which an instance with another key finds out at
 *   start, before it reads or writes a sealed value. It says nothing about the key.
 */
export interface SecretKeys {
  totp: Buffer;
  codes: Buffer;
  check: string;
}

export const SEALED_PREFIX = 'gcm1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const CODE_SALT_BYTES = 16;

const derive = (master: Buffer, info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));

export function deriveKeys(master: Buffer): SecretKeys {
  return {
    totp: derive(master, 'emdr totp secrets v1'),
    codes: derive(master, 'emdr recovery codes v1'),
    check: derive(master, 'emdr key check v1').toString('base64url'),
  };
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

export function seal(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/** The plaintext, or null when the value was sealed with another key, for another row, or altered. */
export function open(key: Buffer, sealed: string, context: string): string | null {
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (!isSealed(sealed) || bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, -TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A member's TOTP secret as stored: sealed for that member's row only. */
export const sealTotpSecret = (keys: SecretKeys, adminId: string, secret: string) =>
  seal(keys.totp, secret, `totp:${adminId}`);

export const openTotpSecret = (keys: SecretKeys, adminId: string, stored: string) =>
  open(keys.totp, stored, `totp:${adminId}`);

/** What is stored for a recovery code: HMAC-SHA-256(codes key, salt | SHA-256 of the code). */
export function codeDigest(key: Buffer, salt: Buffer, codeSha256: Buffer): Buffer {
  return createHmac('sha256', key).update(salt).update(codeSha256).digest();
}

export function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
