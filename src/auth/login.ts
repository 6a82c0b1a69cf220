import * as admins from '../data/admins';
import * as attempts from '../data/loginAttempts';
import { hashPassword, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { retryAfterSeconds } from './throttle';

export type LoginOutcome =
  | { ok: true; token: string; email: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfter: number };

// Unknown emails are checked against this hash, so they cost the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Checks credentials with throttling and logs the outcome (time, email, IP — never the password). */
export async function logIn(email: string, password: string, ip: string): Promise<LoginOutcome> {
  const retryAfter = await retryAfterSeconds(email, ip);
  if (retryAfter > 0) {
    console.warn(`[auth] ${new Date().toISOString()} login throttled email=${email} ip=${ip}`);
    return { ok: false, reason: 'throttled', retryAfter };
  }
  const admin = await admins.findByEmail(email);
  dummyHash ??= hashPassword('not a real password');
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyHash), password);
  const ok = Boolean(admin) && valid;
  await attempts.record(email, ip, ok);
  if (!ok || !admin) {
    console.warn(`[auth] ${new Date().toISOString()} failed login email=${email} ip=${ip}`);
    return { ok: false, reason: 'invalid' };
  }
  await attempts.clearAfterSuccess(email);
  console.info(`[auth] ${new Date().toISOString()} login email=${admin.email} ip=${ip}`);
  return { ok: true, token: await createSession(admin.id), email: admin.email };
}
