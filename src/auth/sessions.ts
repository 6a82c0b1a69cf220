import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as sessions from '../data/signIn/sessions';
import type { Role } from '../domain/team/roles';

/**
 * Admin sessions after Lucia's session guide (docs/decisions/0006-session-lifetimes.md): the token is `id.secret`,
 * only SHA-256 of the secret is stored and compared in constant time. A session ends after
 * IDLE_TIMEOUT_MS without use (each use slides it, written at most once a minute) and in any case
 * ABSOLUTE_LIFETIME_MS after sign-in.
 */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const RENEW_AFTER_MS = 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

export interface AdminSession {
  id: string;
  adminId: string;
  email: string;
  /** Read with the session on every request, so a role change applies at once (docs/product.md, The team). */
  role: Role;
  /** When the member last gave their password or a current second factor here (src/auth/stepUp.ts). */
  steppedUpAt: Date | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * A new session. Every sign-in gives the password or a user-verified passkey, so a new session is
 * stepped up from its first moment (docs/decisions/0021-step-up.md).
 */
export async function createSession(adminId: string): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  await sessions.insert(id, adminId, sha256(secret));
  await sessions.removeExpired(IDLE_TIMEOUT_MS, ABSOLUTE_LIFETIME_MS);
  return `${id}.${secret}`;
}

/** The session a token belongs to, or null for a malformed, unknown, tampered or expired token. */
export async function validateToken(token: string | undefined, now = new Date()): Promise<AdminSession | null> {
  if (!token || token.length > 100 || !TOKEN_PATTERN.test(token)) return null;
  const [id, secret] = token.split('.') as [string, string];
  const row = await sessions.findById(id);
  if (!row) return null;
  const given = sha256(secret);
  const stored = Buffer.from(row.secretHash);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  const age = now.getTime() - row.createdAt.getTime();
  const idle = now.getTime() - row.lastVerifiedAt.getTime();
  if (age > ABSOLUTE_LIFETIME_MS || idle > IDLE_TIMEOUT_MS) {
    await sessions.remove(id);
    return null;
  }
  if (idle > RENEW_AFTER_MS) await sessions.touch(id, now);
  return { id, adminId: row.adminId, email: row.email, role: row.role, steppedUpAt: row.steppedUpAt };
}

export async function endSession(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await sessions.remove(token.split('.')[0]!);
}

/** Ends every session of the member but this one ("Sign out everywhere else"); how many ended. */
export async function endOtherSessions(session: AdminSession): Promise<number> {
  return sessions.removeOthers(session.adminId, session.id);
}
