import { escapeHtml, link, oneLine, page, type MailContent } from '../mailContent';

/**
 * The review queue's mails (docs/product.md, Review queue): to reviewers when a submission arrives
 * (at most one an hour each), and to the partner when a reviewer decides. Plain text and HTML, every
 * value escaped, every link absolute.
 */
export function submissionArrivedMail(input: { what: string; partnerEmail: string; reviewUrl: string }): MailContent {
  const subject = oneLine(`Waiting for review: ${input.what}`);
  const text = [
    `${input.partnerEmail} submitted a change for review: ${input.what}.`,
    'Nothing of it is public until a reviewer approves it.',
    '',
    `Review it: ${input.reviewUrl}`,
    '',
    'You get at most one of these mails an hour; the review queue lists every submission waiting.',
  ].join('\n');
  const html = page(
    `<p>${escapeHtml(input.partnerEmail)} submitted a change for review: <strong>${escapeHtml(input.what)}</strong>.</p>` +
      '<p>Nothing of it is public until a reviewer approves it.</p>' +
      `<p>${link(input.reviewUrl, 'Review it')}</p>` +
      '<p>You get at most one of these mails an hour; the review queue lists every submission waiting.</p>',
  );
  return { subject, text, html };
}

export function decisionMail(input: {
  what: string;
  approved: boolean;
  reason: string | null;
  editUrl: string;
}): MailContent {
  const verdict = input.approved ? 'approved' : 'not approved';
  const subject = oneLine(`Your change was ${verdict}: ${input.what}`);
  const outcome = input.approved
    ? 'A reviewer approved your change. It is published with the next update of the site.'
    : 'A reviewer did not approve your change. Nothing of it was published.';
  const reason = input.reason ? [`Reason: ${input.reason}`] : [];
  const next = input.approved ? 'See it:' : 'Fix it and submit it again:';
  const text = [outcome, ...reason, '', `${next} ${input.editUrl}`].join('\n');
  const html = page(
    `<p>${escapeHtml(outcome)}</p>` +
      (input.reason ? `<p>Reason: ${escapeHtml(input.reason)}</p>` : '') +
      `<p>${link(input.editUrl, input.approved ? 'See it' : 'Fix it and submit it again')}</p>`,
  );
  return { subject, text, html };
}

/** Where a partner keeps their trainings (their area, docs/product.md, Partners). */
export { PARTNER_HOME as PARTNER_TRAININGS_PATH } from '../adminPaths';
