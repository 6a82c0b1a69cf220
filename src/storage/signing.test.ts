import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkUploadSignature, signingSecret, signUpload } from './signing';

const key = 'a'.repeat(32);

describe('signed upload URLs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-sign-'));
  const secret = signingSecret(dir);
  const now = 1_800_000_000;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('the secret is made once per data folder, kept out of the repository and readable only by its owner', () => {
    const file = path.join(dir, 'upload-signing.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(signingSecret(dir).equals(secret)).toBe(true);
    expect(secret.length).toBe(32);
  });

  test('a signature is valid for its key until it expires', () => {
    const sig = signUpload(secret, key, now + 60);
    expect(checkUploadSignature(secret, key, String(now + 60), sig, now)).toBe('valid');
    expect(checkUploadSignature(secret, key, String(now + 60), sig, now + 61)).toBe('expired');
  });

  test('another key, another expiry, another secret or a malformed signature is invalid', () => {
    const sig = signUpload(secret, key, now + 60);
    expect(checkUploadSignature(secret, 'b'.repeat(32), String(now + 60), sig, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, String(now + 6000), sig, now)).toBe('invalid');
    expect(checkUploadSignature(Buffer.alloc(32, 1), key, String(now + 60), sig, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, String(now + 60), `${sig}x`, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, null, sig, now)).toBe('invalid');
    expect(checkUploadSignature(secret, key, '1e9', sig, now)).toBe('invalid');
  });
});
