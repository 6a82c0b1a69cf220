import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { codeDigest, deriveKeys, isSealed, open, openTotpSecret, seal, sealTotpSecret } from './secretBox';

describe('secrets at rest', () => {
  const keys = deriveKeys(randomBytes(32));
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  test('a sealed TOTP secret holds neither the secret nor its base32 text, and opens for its member', () => {
    const sealed = seal(keys.totp, secret, 'totp:member-1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toBe(seal(keys.totp, secret, 'totp:member-1'));
    expect(open(keys.totp, sealed, 'totp:member-1')).toBe(secret);
  });

  test("a member's sealed secret opens for that member only", () => {
    const sealed = sealTotpSecret(keys, 'member-1', secret);
    expect(openTotpSecret(keys, 'member-1', sealed)).toBe(secret);
    expect(openTotpSecret(keys, 'member-2', sealed)).toBeNull();
  });

  test('it does not open for another member, with another key, or once altered', () => {
    const sealed = seal(keys.totp, secret, 'totp:member-1');
    expect(open(keys.totp, sealed, 'totp:member-2')).toBeNull();
    expect(open(deriveKeys(randomBytes(32)).totp, sealed, 'totp:member-1')).toBeNull();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(open(keys.totp, altered, 'totp:member-1')).toBeNull();
    expect(open(keys.totp, secret, 'totp:member-1')).toBeNull();
  });

  test("a recovery code's stored digest is not its SHA-256 and differs per salt and per key", () => {
    const sha = createHash('sha256').update('abcdefghij').digest();
    const salt = randomBytes(16);
    const digest = codeDigest(keys.codes, salt, sha);
    expect(digest.equals(sha)).toBe(false);
    expect(digest.equals(codeDigest(keys.codes, salt, sha))).toBe(true);
    expect(digest.equals(codeDigest(keys.codes, randomBytes(16), sha))).toBe(false);
    expect(digest.equals(codeDigest(deriveKeys(randomBytes(32)).codes, salt, sha))).toBe(false);
  });

  test('the three keys differ, and the check says nothing of them', () => {
    expect(keys.totp.equals(keys.codes)).toBe(false);
    expect(keys.check).not.toBe(keys.totp.toString('base64url'));
    expect(keys.check).not.toBe(keys.codes.toString('base64url'));
  });
});
