import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** Argon2id with OWASP's minimum parameters (19 MiB, 2 iterations, 1 lane). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A one-time admin password: 18 random bytes, URL-safe (README.md: never a fixed default). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
