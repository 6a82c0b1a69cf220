import { createHash, randomBytes } from 'node:crypto';
import * as admins from '../../data/signIn/admins';
import * as passwordResets from '../../data/signIn/passwordResets';
import * as requestLimits from '../../data/requestLimits';
import { transaction } from '../../data/database/transaction';
import { hashPassword } from '../../auth/passwords';
import { recordSecurityEvent } from '../../auth/securityLog';
import type { AdminSession } from '../../auth/sessions';
import { queueMail } from '../../mail/outbox';
import { mailFactorChange } from '../../mail/memberMail';
import { serverEnv } from '../../settings';
import { addressLimitKey } from '../../domain/clientNetwork';
import type { LoggedActor } from '../../domain/actor';
import {
  passwordResetMail,
  passwordResetPath,
  RESET_LINK_EXPIRED,
  RESET_LINK_GONE,
  RESET_LINK_LIFETIME_MS,
  RESET_MAILS_PER_ACCOUNT_PER_HOUR,
  RESET_MAILS_PER_ADDRESS_PER_HOUR,
  RESET_REQUESTS_PER_NETWORK_PER_HOUR,
  RESET_TOKEN_PATTERN,
  type ResetLookup,
} from '../../domain/team/passwordReset';
import { ExpiredError, NotFoundError } from '../errors';

/**
 * Passwords for members who are not on the server (docs/product.md, Passwords; ADR 0040): "Forgot
 * password?" mails a single-use link valid for an hour, the link sets a new password and ends every
 * session of the member, and a signed-in member changes theirs after a step-up. Two-factor sign-in
 * stays as it was: the next sign-in still asks for it.
 */
const HOUR_MS = 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const hashed = (text: string) => sha256(text).toString('hex');
/** Who asked, in the security log: nobody signed in. */
const RESET_FORM: LoggedActor = { adminId: null, email: 'password reset form' };
type Side = 'team' | 'partner';
const sideOf = (role: string): Side => (role === 'partner' ? 'partner' : 'team');

export type ResetRequestOutcome = { status: 'accepted' } | { status: 'throttled'; retryAfterSeconds: number };

/**
 * `POST /api/admin/password-reset`: the same answer whether a member has the address or not, and the
 * mail goes out after it, so a slow mail server does not tell either (writing the link takes a few
 * milliseconds more than finding no member; the network limit bounds how often one can look). Limits: per client network
 * (IPv4 address, IPv6 /64; over it the answer is 429, which says nothing about accounts), then per
 * typed address and per account (over them nothing more is sent, the answer unchanged).
 */
export async function requestPasswordReset(email: string, ip: string): Promise<ResetRequestOutcome> {
  const network = `password-reset:network:${hashed(addressLimitKey(ip))}`;
  if (!(await requestLimits.take(network, RESET_REQUESTS_PER_NETWORK_PER_HOUR, HOUR_MS)))
    return { status: 'throttled', retryAfterSeconds: HOUR_MS / 1000 };
  const address = `password-reset:address:${hashed(email.trim().toLowerCase())}`;
  if (!(await requestLimits.take(address, RESET_MAILS_PER_ADDRESS_PER_HOUR, HOUR_MS))) return { status: 'accepted' };
  const member = await admins.findByEmail(email.trim());
  if (!member) return { status: 'accepted' };
  if (!(await requestLimits.take(`password-reset:account:${member.id}`, RESET_MAILS_PER_ACCOUNT_PER_HOUR, HOUR_MS)))
    return { status: 'accepted' };
  const token = randomBytes(32).toString('base64url');
  await passwordResets.pruneEnded(24 * HOUR_MS);
  const url = new URL(`${passwordResetPath(sideOf(member.role))}/${token}`, serverEnv().siteUrl).toString();
  await transaction(async (tx) => {
    await passwordResets.insert(tx, member.id, sha256(token), RESET_LINK_LIFETIME_MS);
    await recordSecurityEvent(
      { type: 'password-reset-requested', actor: RESET_FORM, ip, subject: { id: member.id, email: member.email } },
      tx,
    );
    // The link's mail is queued with the link (docs/decisions/0038-mail-outbox.md) and sent after the
    // answer: how long the answer takes says nothing about the address.
    const content = passwordResetMail({
      url,
      email: member.email,
      expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
    });
    await queueMail(tx, { kind: 'password-reset', to: member.email, ...content });
  });
  return { status: 'accepted' };
}

/** What the link's page shows: the form for an open link, why not for any other. */
export async function lookUpPasswordReset(token: string): Promise<ResetLookup> {
  if (!RESET_TOKEN_PATTERN.test(token)) return { status: 'invalid' };
  const row = await passwordResets.findByTokenHash(sha256(token));
  if (!row || row.usedAt) return { status: 'invalid' };
  if (row.expired) return { status: 'expired' };
  return { status: 'open', email: row.email, side: sideOf(row.role) };
}

/**
 * `POST /api/admin/password-reset/confirm {token, password}`: the new password, every session and
 * pending sign-in of the member ended, the link used and 'password-reset' in the security log, in one
 * transaction. A used or replaced link is NotFoundError (404), an expired one ExpiredError (410); of
 * two requests with one link the first wins. Nobody is signed in by it: the sign-in that follows
 * asks for the member's second factor, if they have one.
 */
export async function confirmPasswordReset(token: string, password: string, ip: string): Promise<{ side: Side }> {
  const found = await lookUpPasswordReset(token);
  if (found.status === 'expired') throw new ExpiredError(RESET_LINK_EXPIRED);
  if (found.status !== 'open') throw new NotFoundError(RESET_LINK_GONE);
  const passwordHash = await hashPassword(password);
  const row = (await passwordResets.findByTokenHash(sha256(token)))!;
  await transaction(async (tx) => {
    if (!(await passwordResets.markUsed(tx, row.id))) throw new NotFoundError(RESET_LINK_GONE);
    await admins.setPassword(tx, row.adminId, passwordHash);
    await recordSecurityEvent(
      { type: 'password-reset', actor: { adminId: row.adminId, email: row.email }, ip, detail: { by: 'email link' } },
      tx,
    );
    await mailFactorChange(tx, row.email, { kind: 'password-changed' });
  });
  return { side: found.side };
}

/**
 * "Change password" on the Account page (after a step-up, src/http/guards.ts requireStepUp): the new
 * password, and every other session and pending sign-in of the member ended; this one stays.
 */
export async function changePassword(session: AdminSession, password: string, ip: string): Promise<{ ended: number }> {
  const passwordHash = await hashPassword(password);
  const ended = await transaction(async (tx) => {
    const count = await admins.setPasswordKeeping(tx, session.adminId, passwordHash, session.id);
    await recordSecurityEvent(
      { type: 'password-changed', actor: session, ip, detail: { otherSessionsEnded: count } },
      tx,
    );
    await mailFactorChange(tx, session.email, { kind: 'password-changed' });
    return count;
  });
  return { ended };
}
