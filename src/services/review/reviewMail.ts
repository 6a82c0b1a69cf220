import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import type { Tx } from '../../data/publishQueue';
import { decisionMail, PARTNER_TRAININGS_PATH, submissionArrivedMail } from '../../domain/review/reviewMail';
import { serverEnv } from '../../settings';
import { queueMail } from '../../mail/outbox';
import { reviewPath } from '../../domain/adminPaths';

/**
 * The review queue's mail (docs/product.md, Review queue), queued in the commit of the submission or
 * decision it reports (docs/decisions/0038-mail-outbox.md): it goes if and only if that commits, and
 * the outbox's sender delivers it after the answer, with retries that survive a restart.
 */
const absolute = (path: string) => new URL(path, serverEnv().siteUrl).toString();

/** Each reviewer mailed at most once an hour: the claim and the sending time are one row per reviewer. */
export async function queueReviewerMails(
  tx: Tx,
  submission: Submission,
  what: string,
  now = new Date(),
): Promise<void> {
  const everyone = await submissions.reviewers(tx);
  const claimed = new Set(
    await submissions.claimReviewerMails(
      tx,
      everyone.map((r) => r.id),
      now,
    ),
  );
  const content = submissionArrivedMail({
    what,
    partnerEmail: submission.partnerEmail,
    reviewUrl: absolute(reviewPath(submission.id)),
  });
  for (const reviewer of everyone.filter((r) => claimed.has(r.id)))
    await queueMail(tx, { kind: 'review-arrived', to: reviewer.email, ...content });
}

/** "Your change was approved" or "was not approved", to the partner who made the proposal. */
export async function queueDecisionMail(tx: Tx, submission: Submission, what: string): Promise<void> {
  const content = decisionMail({
    what,
    approved: submission.status === 'approved',
    reason: submission.reason,
    editUrl: absolute(`${PARTNER_TRAININGS_PATH}`),
  });
  await queueMail(tx, { kind: 'review-decision', to: submission.partnerEmail, ...content });
}
