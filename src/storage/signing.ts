import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * HMAC signatures for the local driver's upload URLs. The secret is made once per
 * DATA_DIR (never in the repository) and shared by every process using that folder.
 */
const secrets = new Map<string, Buffer>();

export function signingSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'upload-signing.key');
  const cached = secrets.get(file);
  if (cached) return cached;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written aside, then linked: another process never reads a half-written secret, and the first link wins.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
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
