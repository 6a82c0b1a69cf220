import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { readOrCreateFile } from '../data/fileOnce';

/**
 * HMAC signatures for the local driver's upload URLs. The secret is made once per
 * DATA_DIR (never in the repository) and shared by every process using that folder.
 */
const secrets = new Map<string, Buffer>();

export function signingSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'upload-signing.key');
  const cached = secrets.get(file);
  if (cached) return cached;
  const secret = Buffer.from(
    readOrCreateFile(file, () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  secrets.set(file, secret);
  return secret;
}

export function signUpload(secret: Buffer, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`PUT\n${key}\n${expires}`).digest('base64url');
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkUploadSignature(
  secret: Buffer,
  key: string,
  expires: string | null,
  signature: string | null,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature) return 'invalid';
  const expected = Buffer.from(signUpload(secret, key, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) < nowSeconds ? 'expired' : 'valid';
}
