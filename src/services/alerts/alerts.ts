import * as introductions from '../../data/introductions';
import { introductionCutoff } from '../../domain/consultation/introduction';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as alerts from '../../data/alerts';
import * as mailOutbox from '../../data/mailOutbox';
import * as requestLimits from '../../data/requestLimits';
import {
  ALERT_LIFETIME_MS,
  CONFIRM_TTL_MS,
  MAX_REQUESTS_PER_ADDRESS_PER_HOUR,
  MAX_UNCONFIRMED_PER_DAY,
  describeQuery,
  type AlertRequest,
  type LinkProblem,
} from '../../domain/alerts/alerts';
import { confirmationMail } from '../../domain/alerts/alertMail';
import { mailFilterText } from '../../domain/alerts/alertMailFilters';
import * as trainers from '../../data/trainers';
import { queueMail, type MailKind } from '../../mail/outbox';
import { transaction } from '../../data/database/transaction';
import { mailEnv, serverEnv } from '../../settings';
import { maskMailError } from '../../mail/maskError';
import { emailHash, readToken, signToken, MANAGE_TTL_MS } from './alertTokens';
import { addressLimitKey } from '../../domain/clientNetwork';

/**
 * Email alerts, the visitor's side (docs/product.md, Alerts): subscribe, confirm, unsubscribe,
 * manage; and the figures the admin dashboard shows. Sending the digests is alertDigests.ts.
 */
const HOUR_MS = 60 * 60 * 1000;
const nonce = () => randomBytes(16).toString('base64url');

export const alertUrl = (path: string, token: string) =>
  `${serverEnv().siteUrl}/alerts/${path}?token=${encodeURIComponent(token)}`;

export type SubscribeOutcome = { status: 'accepted' } | { status: 'throttled'; retryAfterSeconds: number };

/**
 * `POST /api/alerts`: the same answer whether the address is known or not. The confirmation mail is
 * queued with the alert (docs/decisions/0038-mail-outbox.md) and sent after the answer, so how long the
 * answer takes says nothing either. Beyond the day's unconfirmed alerts for an address, nothing is
 * stored or sent.
 */
export async function subscribe(input: AlertRequest, clientAddress: string): Promise<SubscribeOutcome> {
  // The counter names the client address by a hash: no visitor's address is kept in clear.
  const key = `alerts:address:${createHash('sha256').update(addressLimitKey(clientAddress)).digest('hex')}`;
  if (!(await requestLimits.take(key, MAX_REQUESTS_PER_ADDRESS_PER_HOUR, HOUR_MS)))
    return { status: 'throttled', retryAfterSeconds: 3600 };
  if ((await alerts.countRecentUnconfirmed(input.email)) >= MAX_UNCONFIRMED_PER_DAY) return { status: 'accepted' };
  // The link is signed and the mail made before the transaction, which then only writes.
  const id = randomUUID();
  const confirmNonce = nonce();
  const token = await signToken({ p: 'confirm', a: id, n: confirmNonce, x: Date.now() + CONFIRM_TTL_MS });
  const content = confirmationMail({
    confirmUrl: alertUrl('confirm', token),
    filters: mailFilterText(input.query, await followedTrainerName(input.query)),
    frequency: input.frequency,
  });
  await transaction(async (tx) => {
    const alert = await alerts.insert({ ...input, id, confirmNonce }, tx);
    await queueMail(tx, { kind: 'confirmation', alertId: alert.id, to: alert.email, ...content });
  });
  return { status: 'accepted' };
}

/** The listed name of the trainer an alert follows (`trainer={slug}`), or null. */
async function followedTrainerName(query: string): Promise<string | null> {
  const slug = new URLSearchParams(query).get('trainer');
  return slug ? ((await trainers.listedNameBySlug(slug)) ?? null) : null;
}

export interface AlertSummary {
  id: string;
  description: string;
  frequency: alerts.AlertFrequency;
}

const summary = (alert: alerts.Alert): AlertSummary => ({
  id: alert.id,
  description: describeQuery(alert.query),
  frequency: alert.frequency,
});

/** What a confirmation link would confirm (the GET page; it changes nothing). */
export async function confirmationFor(token: string | null): Promise<AlertSummary | LinkProblem> {
  const read = await readToken(token, 'confirm');
  if (typeof read === 'string') return read;
  const alert = await alerts.findById(read.a);
  if (!alert) return 'expired';
  if (alert.confirmNonce !== read.n) return 'used';
  return summary(alert);
}

/** Confirms the alert a link names, once; answers the address's manage link with it. */
export async function confirmAlert(
  token: string | null,
): Promise<{ alert: AlertSummary; manageUrl: string } | LinkProblem> {
  const read = await readToken(token, 'confirm');
  if (typeof read === 'string') return read;
  const alert = await alerts.confirm(read.a, read.n, nonce());
  if (!alert) return (await alerts.findById(read.a)) ? 'used' : 'expired';
  return { alert: summary(alert), manageUrl: await manageUrl(alert.email) };
}

export async function manageUrl(email: string): Promise<string> {
  return alertUrl('manage', await signToken({ p: 'manage', h: emailHash(email), x: Date.now() + MANAGE_TTL_MS }));
}

export async function unsubscribeUrl(alertId: string): Promise<string> {
  return alertUrl('unsubscribe', await signToken({ p: 'unsubscribe', a: alertId }));
}

/** The alert an unsubscribe link names; null when it is already gone. */
export async function unsubscribeTarget(token: string | null): Promise<AlertSummary | null | 'invalid'> {
  const read = await readToken(token, 'unsubscribe');
  if (typeof read === 'string') return 'invalid';
  const alert = await alerts.findById(read.a);
  return alert ? summary(alert) : null;
}

/** Deletes the alert an unsubscribe link names (already gone is fine: the link did its job). */
export async function unsubscribe(token: string | null): Promise<'done' | 'invalid'> {
  const read = await readToken(token, 'unsubscribe');
  if (typeof read === 'string') return 'invalid';
  await alerts.remove(read.a);
  return 'done';
}

/** The confirmed alerts of the address a manage link names. */
export async function managedAlerts(token: string | null): Promise<AlertSummary[] | 'invalid' | 'expired'> {
  const read = await readToken(token, 'manage');
  if (typeof read === 'string') return read;
  return (await alerts.listConfirmedByEmailHash(read.h)).map(summary);
}

/** Deletes one of the address's alerts, or all of them; how many went. */
export async function deleteManaged(token: string | null, which: string): Promise<number | 'invalid' | 'expired'> {
  const read = await readToken(token, 'manage');
  if (typeof read === 'string') return read;
  if (which === 'all') return alerts.removeByEmailHash(read.h);
  if (!/^[0-9a-f-]{36}$/i.test(which)) return 0;
  return alerts.removeByEmailHash(read.h, which);
}

/**
 * Old rows go: unconfirmed alerts after 7 days, confirmed ones a year after their last confirmation,
 * and a consultant's introduction requests after 30 days at `now` (docs/product.md, Consultation).
 */
export async function removeExpiredAlerts(now = new Date()): Promise<number> {
  await requestLimits.prune(24 * HOUR_MS);
  await introductions.removeBefore(introductionCutoff(now));
  await mailOutbox.prune(180 * 24 * HOUR_MS);
  return alerts.removeExpired(CONFIRM_TTL_MS, ALERT_LIFETIME_MS);
}

/** For the admin dashboard: counts only, never an address. */
export interface AlertFigures {
  confirmedAlerts: number;
  mailsSentLast7Days: number;
  /** Mails not sent after their retries in the last 30 days, newest first. */
  failures: { kind: MailKind; attempts: number; error: string | null; at: string }[];
}

export async function alertFigures(now = new Date()): Promise<AlertFigures> {
  const day = 24 * HOUR_MS;
  const failed = await mailOutbox.listFailedSince(new Date(now.getTime() - 30 * day));
  return {
    confirmedAlerts: await alerts.countConfirmed(),
    mailsSentLast7Days: await mailOutbox.countSentSince(new Date(now.getTime() - 7 * day)),
    failures: failed.map((f) => ({
      kind: f.kind,
      attempts: f.attempts,
      // Masked again as shown: rows stored before errors were masked on the way in (docs/security.md).
      error: f.error === null ? null : maskMailError(f.error, mailEnv().smtpUrl),
      at: f.finishedAt.toISOString(),
    })),
  };
}
