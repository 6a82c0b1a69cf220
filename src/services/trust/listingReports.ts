import { createHash } from 'node:crypto';
import * as reports from '../../data/trust/listingReports';
import * as requestLimits from '../../data/requestLimits';
import * as trainings from '../../data/trainings';
import * as history from '../../data/history';
import { transaction } from '../../data/database/transaction';
import {
  REPORT_HONEYPOT_FIELD,
  REPORT_REASON_LABELS,
  REPORTS_PER_ADDRESS_PER_DAY,
  REPORT_OUTCOME_LABELS,
  type CloseReport,
  type ReportRequest,
} from '../../domain/trust/reports';
import { reportOutcomeMail } from '../../domain/trust/trustMail';
import type { ReportView } from '../../domain/trust/listingProblems';
import { trainingPageUrl } from '../../domain/feeds/calendar';
import { isUuid } from '../../domain/fields';
import { serverEnv } from '../../settings';
import { log } from '../../log';
import { sendAndRecord } from '../alerts/alerts';
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
  { status: 'accepted' } | { status: 'throttled'; retryAfterSeconds: number } | { status: 'unknown-training' };

/** `POST /api/reports` and the page's form: 5 a day per client address; a filled honeypot stores nothing. */
export async function submitReport(input: ReportRequest, clientAddress: string): Promise<SubmitOutcome> {
  const training = await trainings.findPublishedById(input.trainingId);
  if (!training) return { status: 'unknown-training' };
  // The counter names the client address by a hash: no visitor's address is kept in clear.
  const key = `reports:address:${createHash('sha256').update(clientAddress).digest('hex')}`;
  if (!(await requestLimits.take(key, REPORTS_PER_ADDRESS_PER_DAY, DAY_MS)))
    return { status: 'throttled', retryAfterSeconds: DAY_MS / 1000 };
  if (input[REPORT_HONEYPOT_FIELD]) return { status: 'accepted' };
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
    const open = await reports.lockById(tx, id);
    if (!open) throw new NotFoundError('Report not found');
    if (open.status !== 'open') throw new ConflictError('This report has already been ended');
    const training = await trainings.lockById(tx, open.trainingId);
    const closed = await reports.close(tx, id, decision.outcome, decision.note, actor.email);
    const title = training?.title ?? '';
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
    return { closed, title };
  });
  const mail = closed.reporterEmail ? await mailReporter(closed, title) : null;
  if (closed.reporterEmail) await reports.forgetReporter(closed.id, mail);
  return reportView({ ...closed, title, reporterEmail: null, outcomeMail: mail });
}

async function mailReporter(report: ReportRow, title: string): Promise<'sent' | 'failed'> {
  try {
    const content = reportOutcomeMail({
      title,
      reason: report.reason,
      outcome: report.status as CloseReport['outcome'],
      note: report.note ?? '',
      pageUrl: trainingPageUrl(serverEnv().siteUrl, report.trainingId),
    });
    return (await sendAndRecord('report-outcome', null, report.reporterEmail!, content)) ? 'sent' : 'failed';
  } catch (error) {
    log.error({ err: error }, 'report outcome mail not sent');
    return 'failed';
  }
}

/**
 * The reports about one training, newest first, for whoever keeps it (the partner's view comes with
 * issue 54): never the reporter's address.
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
