import { randomBytes } from 'node:crypto';
import * as trainings from '../../data/trainings';
import * as reminders from '../../data/trust/listingReminders';
import * as history from '../../data/history';
import { transaction } from '../../data/database/transaction';
import { tryReminderLock } from '../../data/locks/trustLock';
import { CONFIRM_LINK_TTL_MS, needsConfirmation } from '../../domain/trust/detailsConfirmed';
import { confirmReminderMail } from '../../domain/trust/trustMail';
import { trainingPageUrl } from '../../domain/feeds/calendar';
import { formatDate } from '../../domain/display';
import type { LinkProblem } from '../../domain/alerts/alerts';
import type { Training } from '../../domain/training';
import type { Tx } from '../../data/publishQueue';
import { serverEnv } from '../../settings';
import { log } from '../../log';
import { queueMail } from '../../mail/outbox';
import { readToken, signToken } from '../alerts/alertTokens';
import { editUrlFor, recipientsFor } from './listingKeepers';
import { NotFoundError } from '../errors';
import type { Actor } from '../../domain/actor';
import { assertTrainingInScope, scopeOfActor } from '../trainerScope';

/**
 * "These details are current" (docs/product.md, Trust): a team member says so from the admin (later
 * also the partner), or a keeper with the one-click link of the reminder a training gets when it
 * starts within 45 days and was not confirmed in the last 60. Each confirmation is in the history and
 * republishes the page, which shows "Details confirmed on {date}".
 */
async function confirmIn(
  tx: Tx,
  who: { adminId: string | null; email: string },
  trainingId: string,
): Promise<Training> {
  const before = await trainings.lockById(tx, trainingId);
  if (!before) throw new NotFoundError('Training not found');
  const after = (await trainings.confirmDetails(tx, trainingId))!;
  await history.record(tx, {
    adminId: who.adminId,
    adminEmail: who.email,
    entityType: 'training',
    entityId: trainingId,
    action: 'confirm',
    before: { title: before.title, detailsConfirmedAt: before.detailsConfirmedAt ?? null },
    after: { title: after.title, detailsConfirmedAt: after.detailsConfirmedAt, decision: 'These details are current' },
  });
  return after;
}

/** A team member's "These details are current" on the training's admin page. */
export async function confirmDetails(actor: Actor, trainingId: string): Promise<{ detailsConfirmedAt: Date }> {
  // A partner confirms only their own trainers' trainings; another's is the same 404 as unknown.
  const scope = await scopeOfActor(actor);
  const after = await transaction(async (tx) => {
    assertTrainingInScope(scope, await trainings.lockById(tx, trainingId));
    return confirmIn(tx, { adminId: actor.adminId, email: actor.email }, trainingId);
  });
  return { detailsConfirmedAt: after.detailsConfirmedAt! };
}

export interface ReminderRun {
  busy: boolean;
  sent: number;
}

/** The daily reminders: one per training due (needsConfirmation), to its keepers; one runner at a time. */
export async function sendConfirmReminders(now = new Date()): Promise<ReminderRun> {
  const release = await tryReminderLock();
  if (!release) return { busy: true, sent: 0 };
  try {
    let sent = 0;
    for (const training of await trainings.listPublished(now)) {
      if (!needsConfirmation({ ...training, detailsConfirmedAt: training.detailsConfirmedAt ?? null }, now)) continue;
      const nonce = randomBytes(16).toString('base64url');
      const { addresses, partners } = await recipientsFor({ trainingId: training.id });
      const mails = await Promise.all(addresses.map((to) => reminderMail(training, nonce, to, partners, now)));
      // The reminder is claimed with its mails (docs/decisions/0038-mail-outbox.md): both or neither.
      sent += await transaction(async (tx) => {
        if (!(await reminders.claim(training.id, nonce, tx))) return 0;
        for (const mail of mails) await queueMail(tx, mail);
        return mails.length;
      });
    }
    if (sent > 0) log.info({ queued: sent }, 'details reminders queued');
    return { busy: false, sent };
  } finally {
    await release();
  }
}

async function reminderMail(training: Training, nonce: string, to: string, partner: boolean, now: Date) {
  const site = serverEnv().siteUrl;
  const token = await signToken({
    p: 'details',
    t: training.id,
    n: nonce,
    e: to,
    x: now.getTime() + CONFIRM_LINK_TTL_MS,
  });
  const content = confirmReminderMail({
    title: training.title,
    when: formatDate(training.startDate, training.timeZone),
    pageUrl: trainingPageUrl(site, training.id),
    confirmUrl: `${site}/listings/confirm?token=${encodeURIComponent(token)}`,
    editUrl: editUrlFor(site, { trainingId: training.id }, partner),
  });
  return { kind: 'details-reminder' as const, to, ...content };
}

/** A reminder's link used by an address that no longer keeps the training (its partner lost it). */
export type ReminderLinkProblem = LinkProblem | 'no-access';

/**
 * Whether the link's address may still confirm the training: it is still among those a reminder
 * would go to now (its keepers, or the team when no partner keeps it). A partner who lost the
 * profile since the mail was sent cannot confirm with it.
 */
async function stillKept(email: string, trainingId: string): Promise<boolean> {
  const { addresses } = await recipientsFor({ trainingId });
  return addresses.some((address) => address.toLowerCase() === email.toLowerCase());
}

export interface ConfirmableTraining {
  id: string;
  title: string;
  when: string;
  pageUrl: string;
}

/** What a reminder's link would confirm (the GET page changes nothing: mail scanners open links). */
export async function confirmationTarget(
  token: string | null,
  now = Date.now(),
): Promise<ConfirmableTraining | ReminderLinkProblem> {
  const read = await readToken(token, 'details', now);
  if (typeof read === 'string') return read;
  const reminder = await reminders.findByTraining(read.t);
  const training = await trainings.findById(read.t);
  if (!reminder || !training) return 'expired';
  if (reminder.nonce !== read.n || reminder.usedAt) return 'used';
  if (!(await stillKept(read.e, read.t))) return 'no-access';
  return {
    id: training.id,
    title: training.title,
    when: formatDate(training.startDate, training.timeZone),
    pageUrl: trainingPageUrl(serverEnv().siteUrl, training.id),
  };
}

/** The link's POST: confirms the training's details, once. */
export async function confirmByLink(
  token: string | null,
  now = Date.now(),
): Promise<{ title: string; detailsConfirmedAt: Date } | ReminderLinkProblem> {
  const read = await readToken(token, 'details', now);
  if (typeof read === 'string') return read;
  // Checked when used, not only when mailed (before the transaction: it reads other tables).
  if (!(await stillKept(read.e, read.t))) return 'no-access';
  return transaction(async (tx) => {
    const reminder = await reminders.lockByTraining(tx, read.t);
    if (!reminder) return 'expired' as const;
    if (reminder.nonce !== read.n || reminder.usedAt) return 'used' as const;
    await reminders.markUsed(tx, read.t);
    const after = await confirmIn(tx, { adminId: null, email: read.e }, read.t);
    return { title: after.title, detailsConfirmedAt: after.detailsConfirmedAt! };
  });
}

/** When a training's details were last confirmed, for its admin page (undefined: no such training). */
export async function lastConfirmation(
  trainingId: string,
): Promise<{ detailsConfirmedAt: Date | null; timeZone: string } | undefined> {
  const training = await trainings.findById(trainingId);
  return training && { detailsConfirmedAt: training.detailsConfirmedAt ?? null, timeZone: training.timeZone };
}
