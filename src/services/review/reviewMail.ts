import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import { transaction } from '../../data/database/transaction';
import { decisionMail, PARTNER_TRAININGS_PATH, submissionArrivedMail } from '../../domain/review/reviewMail';
import { serverEnv } from '../../settings';
import { log } from '../../log';
import { deliver } from '../../mail/transport';
import type { MailContent } from '../../domain/alerts/alertMail';
import { reviewPath } from '../../domain/adminPaths';

/**
 * The review queue's mail through the one mailer (docs/product.md, Review queue). It never throws: the
 * submission or decision it reports has happened, and a mail server that is down must not undo it.
 * The addresses stay out of the log.
 */
async function send(to: string, content: MailContent, event: string): Promise<boolean> {
  try {
    const delivery = await deliver({ to, ...content });
    if (delivery.ok) log.info({ event, attempts: delivery.attempts }, 'review mail sent');
    else log.warn({ event, attempts: delivery.attempts }, 'review mail not sent');
    return delivery.ok;
  } catch (error) {
    log.error({ err: error, event }, 'review mail not sent');
    return false;
  }
}

const absolute = (path: string) => new URL(path, serverEnv().siteUrl).toString();

/** Each reviewer mailed at most once an hour: the claim and the sending time are one row per reviewer. */
export async function mailReviewers(submission: Submission, what: string, now = new Date()): Promise<void> {
  try {
    const everyone = await submissions.reviewers();
    const claimed = new Set(
      await transaction((tx) =>
        submissions.claimReviewerMails(
          tx,
          everyone.map((r) => r.id),
          now,
        ),
      ),
    );
    const content = submissionArrivedMail({
      what,
      partnerEmail: submission.partnerEmail,
      reviewUrl: absolute(reviewPath(submission.id)),
    });
    await Promise.all(
      everyone.filter((r) => claimed.has(r.id)).map((r) => send(r.email, content, 'review-arrived-mail')),
    );
  } catch (error) {
    log.error({ err: error }, 'review mail not sent');
  }
}

export function mailDecision(submission: Submission, what: string): Promise<boolean> {
  const approved = submission.status === 'approved';
  const content = decisionMail({
    what,
    approved,
    reason: submission.reason,
    editUrl: absolute(`${PARTNER_TRAININGS_PATH}`),
  });
  return send(submission.partnerEmail, content, approved ? 'review-approved-mail' : 'review-rejected-mail');
}
