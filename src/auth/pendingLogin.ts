import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { homeFor } from '../domain/landing';
import { isPartner } from '../domain/roles';
import type { APIContext } from 'astro';
import * as admins from '../data/admins';
import * as twoFactor from '../data/twoFactor';
import { serverEnv } from '../settings';
import { createSession, sessionCookie } from './sessions';
import { clientIp } from './guard';
import { pendingCookieName } from './cookieNames';
import { recordSecurityEvent } from '../services/securityLog';
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

type Ctx = Pick<APIContext, 'cookies' | 'locals' | 'clientAddress'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Starts the second-factor step for this admin; the answer is the cookie's token. */
export async function startPendingLogin(adminId: string): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  await twoFactor.insertPending(id, adminId, sha256(secret), PENDING_LIFETIME_MS);
  return `${id}.${secret}`;
}

export function pendingCookie(token: string, secure: boolean): string {
  const maxAge = Math.floor(PENDING_LIFETIME_MS / 1000);
  return `${pendingCookieName()}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function clearedPendingCookie(secure: boolean): string {
  return `${pendingCookieName()}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** The pending step this request's cookie belongs to, or null (none, tampered, expired). */
export async function readPendingLogin(
  ctx: Pick<APIContext, 'cookies'>,
): Promise<{ id: string; adminId: string } | null> {
  const token = ctx.cookies.get(pendingCookieName())?.value;
  if (!token || token.length > 100 || !TOKEN_PATTERN.test(token)) return null;
  const [id, secret] = token.split('.') as [string, string];
  const row = await twoFactor.findPending(id);
  if (!row) return null;
  const given = sha256(secret);
  const stored = Buffer.from(row.secretHash);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  return { id: row.id, adminId: row.adminId };
}

export interface FinishedLogin {
  email: string;
  /** Set-Cookie values: the new session, and the pending step cleared. */
  cookies: string[];
  /** The site requires a second factor and this member has none: send them to their Account page. */
  enrolmentRequired: boolean;
  /** Where they land (domain/landing.ts, the one rule). */
  home: string;
  /** A partner's answer names `home`; the team's stays as before. */
  partner: boolean;
}

/**
 * Ends the pending step (if any) and signs the admin in: a new session. Every successful sign-in,
 * password-only included, passes here.
 */
export async function finishLogin(ctx: Ctx, adminId: string, method: SignInMethod): Promise<FinishedLogin> {
  const pending = await readPendingLogin(ctx);
  if (pending) await twoFactor.removePending(pending.id);
  const hadPendingCookie = ctx.cookies.get(pendingCookieName()) !== undefined;
  const admin = await admins.findById(adminId);
  if (!admin) throw new Error('The admin signing in no longer exists');
  const secure = serverEnv().secureCookie;
  const token = await createSession(adminId);
  await recordSecurityEvent({
    type: 'sign-in',
    actor: { id: admin.id, email: admin.email },
    ip: clientIp(ctx),
    detail: { method },
  });
  const required = await enrolmentRequired(adminId);
  return {
    email: admin.email,
    cookies: [sessionCookie(token, secure), ...(hadPendingCookie ? [clearedPendingCookie(secure)] : [])],
    enrolmentRequired: required,
    home: homeFor(admin.role, required),
    partner: isPartner(admin.role),
  };
}

/** finishLogin answered as the JSON login does: 200 `{authenticated, admin: {email}}` and the session cookie. */
export async function completeLogin(ctx: Ctx, adminId: string, method: SignInMethod): Promise<Response> {
  return signedInResponse(await finishLogin(ctx, adminId, method));
}

export function signedInResponse(done: FinishedLogin): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  for (const cookie of done.cookies) headers.append('set-cookie', cookie);
  const body = {
    authenticated: true,
    admin: { email: done.email },
    ...(done.enrolmentRequired && { enrolmentRequired: true }),
    ...(done.partner && { home: done.home }),
  };
  return new Response(JSON.stringify(body), { status: 200, headers });
}

export type AfterPassword =
  { step: 'second-factor'; methods: SecondFactorMethod[]; cookie: string } | { step: 'signed-in'; done: FinishedLogin };

/**
 * The password was right: a member with a second factor gets the pending step (and no session);
 * anyone else is signed in as before.
 */
export async function afterPassword(ctx: Ctx, adminId: string): Promise<AfterPassword> {
  const methods = await secondFactorMethods(adminId);
  if (methods.length === 0) return { step: 'signed-in', done: await finishLogin(ctx, adminId, 'password') };
  const token = await startPendingLogin(adminId);
  return { step: 'second-factor', methods, cookie: pendingCookie(token, serverEnv().secureCookie) };
}
