import { createHash, randomBytes } from 'node:crypto';

/**
 * Recovery codes for a lost authenticator (docs/product.md, "Two-factor sign-in"): ten random codes
 * of ten characters (50 bits each) shown once when TOTP is turned on, each working once. The data
 * layer gets each code's SHA-256 and stores only a salted HMAC of it with the server's key
 * (src/data/secrets/secretBox.ts). The alphabet leaves out l, o, 0 and 1, which are easily misread.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** Codes as shown: `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a member typed, as it is hashed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(input: string): boolean {
  const code = normalizeRecoveryCode(input);
  return code.length === LENGTH && [...code].every((char) => ALPHABET.includes(char));
}

export function hashRecoveryCode(input: string): Buffer {
  return createHash('sha256').update(normalizeRecoveryCode(input)).digest();
}
