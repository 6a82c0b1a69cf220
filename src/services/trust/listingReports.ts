import { createHash } from 'node:crypto';
import * as reports from '../../data/trust/listingReports';
import * as requestLimits from '../../data/requestLimits';
import * as trainings from '../../data/trainings';
import * as history from '../../data/history';
import { transaction } from '../../data/database/transaction';
import {
  REPORT_HONEYPOT_FIELD,
  REPORT_REASON_LABELS,
  OUTCOME_MAILS_PER_ADDRESS_PER_DAY,
  REPORTS_PER_ADDRESS_PER_DAY,
  REPORTS_PER_SITE_PER_DAY,
  REPORTS_PER_TRAINING_PER_DAY,
  REPORT_OUTCOME_LABELS,
  type ReportLimit,
  type CloseReport,
  type ReportRequest,
} from '../../domain/trust/reports';
import { reportOutcomeMail } from '../../domain/trust/trustMail';
import type { ReportView } from '../../domain/trust/listingProblems';
import { trainingPageUrl } from '../../domain/feeds/calendar';
import { isUuid } from '../../domain/fields';
import { addressLimitKey } from '../../domain/clientNetwork';
import { serverEnv } from '../../settings';
import { queueMail } from '../../mail/outbox';
import type { Tx } from '../../data/publishQueue';
import { ConflictError, NotFoundError } from '../errors';
import type { Actor } from '../../domain/actor';

/**
 * "Report a problem with this listing" (docs/product.md, Trust): a visitor's report, kept until the
 * team ends it as fixed or dismissed with a note (the history records the decision). Nothing is ever
 * mailed to the reporter except, when they left an address, the one mail saying how it ended; then
 * the address is deleted.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export type SubmitOutcome =
  | { status: 'accepted' }
  | { status: 'throttled'; limit: ReportLimit; retryAfterSeconds: number }
  | { status: 'unknown-training' };

// Counters name a client address (by its /64 for IPv6) and an email by a hash: neither is kept in clear.
const hashed = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * `POST /api/reports` and the page's form (docs/product.md, Trust): at most 5 a day per client
 * address, 20 a day per training and 200 a day for the whole site; a filled honeypot stores nothing
 * and uses up neither the training's nor the site's reports.
 */
export async function submitReport(input: ReportRequest, clientAddress: string): Promise<SubmitOutcome> {
  const training = await trainings.findPublishedById(input.trainingId);
  if (!training) return { status: 'unknown-training' };
  const throttled = (limit: ReportLimit): SubmitOutcome => ({
    status: 'throttled',
    limit,
    retryAfterSeconds: DAY_MS / 1000,
  });
  const address = `reports:address:${hashed(addressLimitKey(clientAddress))}`;
  if (!(await requestLimits.take(address, REPORTS_PER_ADDRESS_PER_DAY, DAY_MS))) return throttled('address');
  if (input[REPORT_HONEYPOT_FIELD]) return { status: 'accepted' };
  if (!(await requestLimits.take(`reports:training:${training.id}`, REPORTS_PER_TRAINING_PER_DAY, DAY_MS)))
    return throttled('training');
  if (!(await requestLimits.take('reports:site', REPORTS_PER_SITE_PER_DAY, DAY_MS))) return throttled('site');
  await reports.insert({
    trainingId: training.id,
    reason: input.reason,
    details: input.details,
    reporterEmail: input.email,
  });
  return { status: 'accepted' };
}

export type { ReportView };

type ReportRow = reports.ReportRow;

export function reportView(row: ReportRow & { title: string }): ReportView {
  return {
    id: row.id,
    trainingId: row.trainingId,
    title: row.title,
    reason: row.reason,
    reasonLabel: REPORT_REASON_LABELS[row.reason],
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    note: row.note,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    awaitsOutcomeMail: row.reporterEmail !== null,
    outcomeMail: row.outcomeMail,
  };
}

/**
 * Ends an open report as fixed or dismissed, with the team's note, recorded in the training's
 * history in the same transaction. A report already ended is 409: the reporter is mailed at most once.
 */
export async function closeReport(actor: Actor, id: string, decision: CloseReport): Promise<ReportView> {
  const { closed, title } = await transaction(async (tx) => {
    // The one lock order (docs/decisions/0037-one-write-path.md): the training's row, then its report
    // (a training's delete locks the row, then keeps its reports' title). A deleted one has no row.
    const named = await reports.trainingOf(tx, id);
    if (!named) throw new NotFoundError('Report not found');
    const training = await trainings.lockById(tx, named);
    const open = await reports.lockById(tx, id);
    if (!open) throw new NotFoundError('Report not found');
    if (open.status !== 'open') throw new ConflictError('This report has already been ended');
    const closed = await reports.close(tx, id, decision.outcome, decision.note, actor.email);
    const title = training?.title ?? open.listingTitle ?? '';
    const summary = `Report (${REPORT_REASON_LABELS[open.reason]})`;
    await history.record(tx, {
      adminId: actor.adminId,
      adminEmail: actor.email,
      entityType: 'training',
      entityId: open.trainingId,
      action: 'resolve',
      before: { title, problem: summary, status: 'open' },
      after: {
        title,
        problem: summary,
        status: decision.outcome,
        note: decision.note,
        decision: `${summary}: ${REPORT_OUTCOME_LABELS[decision.outcome].toLowerCase()}: ${decision.note}`,
      },
    });
    if (closed.reporterEmail) await queueOutcomeMail(tx, closed, title);
    return { closed: await reports.lockById(tx, id), title };
  });
  return reportView({ ...closed!, title });
}

/**
 * The one outcome mail of a report, queued in the transaction that ends it, unless its address already
 * had one today (`held`): anyone may type any address in the form, so the site mails one address at
 * most once a day whatever is reported. The address is deleted in the same transaction: from then on
 * only the outbox row holds it, until the mail is sent or fails (docs/decisions/0038-mail-outbox.md).
 */
async function queueOutcomeMail(tx: Tx, report: ReportRow, title: string): Promise<void> {
  const to = report.reporterEmail!;
  const key = `reports:mail:${hashed(to.toLowerCase())}`;
  if (!(await requestLimits.take(key, OUTCOME_MAILS_PER_ADDRESS_PER_DAY, DAY_MS, tx))) {
    await reports.forgetReporter(tx, report.id, { mail: 'held', mailId: null });
    return;
  }
  const content = reportOutcomeMail({
    title,
    reason: report.reason,
    outcome: report.status as CloseReport['outcome'],
    note: report.note ?? '',
    pageUrl: trainingPageUrl(serverEnv().siteUrl, report.trainingId),
  });
  const mailId = await queueMail(tx, { kind: 'report-outcome', to, ...content });
  await reports.forgetReporter(tx, report.id, { mail: 'queued', mailId });
}

/**
 * The reports about one training, newest first, for whoever keeps it (the team's and the
 * partner's, docs/product.md, Report a problem): never the reporter's address.
 */
export async function reportsForTraining(trainingId: string): Promise<ReportView[]> {
  const training = await trainings.findById(trainingId);
  if (!training) return [];
  return (await reports.listByTraining(trainingId)).map((row) => reportView({ ...row, title: training.title }));
}

/** The title of a training the public sees, for the report pages (null: none such). */
export async function reportableTraining(id: string): Promise<{ id: string; title: string } | null> {
  if (!isUuid(id)) return null;
  const training = await trainings.findPublishedById(id);
  return training ? { id: training.id, title: training.title } : null;
}
