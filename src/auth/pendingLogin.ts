import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Role } from '../domain/team/roles';
import * as admins from '../data/signIn/admins';
import * as twoFactor from '../data/signIn/twoFactor';
import { createSession } from './sessions';
import { recordSecurityEvent } from './securityLog';
import { enrolmentRequired, secondFactorMethods, type SecondFactorMethod } from './secondFactors';

/**
 * The step between a correct password and the second factor (docs/product.md, "Two-factor
 * sign-in"): no session exists yet, only a short-lived, httpOnly, SameSite=Strict cookie `id.secret`
 * of which the database holds SHA-256 of the secret. It lasts five minutes and ends when the sign-in
 * completes.
 */
export const PENDING_LIFETIME_MS = 5 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

export type SignInMethod = 'password' | 'totp' | 'recovery' | 'passkey';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Starts the second-factor step for this admin; the answer is the cookie's token. */
export async function startPendingLogin(adminId: string): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  await twoFactor.insertPending(id, adminId, sha256(secret), PENDING_LIFETIME_MS);
  return `${id}.${secret}`;
}

/** The pending step this request's cookie belongs to, or null (none, tampered, expired). */
export async function readPendingLogin(token: string | undefined): Promise<{ id: string; adminId: string } | null> {
  if (!token || token.length > 100 || !TOKEN_PATTERN.test(token)) return null;
  const [id, secret] = token.split('.') as [string, string];
  const row = await twoFactor.findPending(id);
  if (!row) return null;
  const given = sha256(secret);
  const stored = Buffer.from(row.secretHash);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  return { id: row.id, adminId: row.adminId };
}

/** Who signs in, as the request gave it: the pending step's token (its cookie), and the client address. */
export interface SignInRequest {
  pendingToken: string | undefined;
  ip: string;
}

export interface FinishedLogin {
  email: string;
  role: Role;
  /** The new session's token (the caller sets its cookie). */
  sessionToken: string;
  /** The request carried a pending step's token: the caller clears its cookie. */
  endedPending: boolean;
  /** The site requires a second factor and this member has none: send them to their Account page. */
  enrolmentRequired: boolean;
}

/**
 * Ends the pending step (if any) and signs the admin in: a new session. Every successful sign-in,
 * password-only included, passes here.
 */
export async function finishLogin(
  request: SignInRequest,
  adminId: string,
  method: SignInMethod,
): Promise<FinishedLogin> {
  const pending = await readPendingLogin(request.pendingToken);
  if (pending) await twoFactor.removePending(pending.id);
  const admin = await admins.findById(adminId);
  if (!admin) throw new Error('The admin signing in no longer exists');
  const sessionToken = await createSession(adminId);
  await recordSecurityEvent({
    type: 'sign-in',
    actor: { adminId: admin.id, email: admin.email },
    ip: request.ip,
    detail: { method },
  });
  return {
    email: admin.email,
    role: admin.role,
    sessionToken,
    endedPending: request.pendingToken !== undefined,
    enrolmentRequired: await enrolmentRequired(adminId),
  };
}

export type AfterPassword =
  | { step: 'second-factor'; methods: SecondFactorMethod[]; pendingToken: string }
  | { step: 'signed-in'; done: FinishedLogin };

/**
 * The password was right: a member with a second factor gets the pending step (and no session);
 * anyone else is signed in as before.
 */
export async function afterPassword(request: SignInRequest, adminId: string): Promise<AfterPassword> {
  const methods = await secondFactorMethods(adminId);
  if (methods.length === 0) return { step: 'signed-in', done: await finishLogin(request, adminId, 'password') };
  return { step: 'second-factor', methods, pendingToken: await startPendingLogin(adminId) };
}
