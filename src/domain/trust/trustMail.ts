import { escapeHtml, link, oneLine, page, type MailContent } from '../mailContent';
import { REPORT_OUTCOME_LABELS, REPORT_REASON_LABELS, type ReportOutcome, type ReportReason } from './reports';
import { CONFIRM_BUTTON } from './detailsConfirmed';

/**
 * The mails of Trust (docs/product.md, Trust): to a listing's keepers when a link is broken and when
 * its details are due for confirmation; to a reporter, once, when their report ended. Plain text and
 * HTML, every value escaped, every link absolute. A broken link's address is written as text, never
 * made a link: it may be anything someone typed.
 */
export function linkBrokenMail(input: {
  listing: string;
  brokenText: string;
  url: string;
  lastResult: string;
  editUrl: string;
  problemsUrl: string | null;
}): MailContent {
  const subject = oneLine(`${input.brokenText}: ${input.listing}`);
  const lines = [
    `${input.brokenText}: ${input.listing}`,
    '',
    `The address ${input.url} has failed every daily check for three days in a row (last answer: ${input.lastResult}).`,
    'The public page still shows it. Correct it in the listing, and it is checked again when you save:',
    input.editUrl,
    ...(input.problemsUrl ? ['', `Every listing problem: ${input.problemsUrl}`] : []),
  ];
  const html = page(
    `<p><strong>${escapeHtml(input.brokenText)}</strong>: ${escapeHtml(input.listing)}</p>` +
      `<p>The address <code>${escapeHtml(input.url)}</code> has failed every daily check for three days in a row (last answer: ${escapeHtml(input.lastResult)}).</p>` +
      `<p>The public page still shows it. Correct it in the listing, and it is checked again when you save: ${link(input.editUrl, 'Edit the listing')}</p>` +
      (input.problemsUrl ? `<p>${link(input.problemsUrl, 'Every listing problem')}</p>` : ''),
  );
  return { subject, text: lines.join('\n'), html };
}

export function reportOutcomeMail(input: {
  title: string;
  reason: ReportReason;
  outcome: ReportOutcome;
  note: string;
  pageUrl: string;
}): MailContent {
  const subject = oneLine(`Your report about "${input.title}": ${REPORT_OUTCOME_LABELS[input.outcome].toLowerCase()}`);
  const ended =
    input.outcome === 'fixed'
      ? 'We looked at it and corrected the listing.'
      : 'We looked at it and left the listing as it is.';
  const text = [
    `Thank you for telling us about "${input.title}" (${REPORT_REASON_LABELS[input.reason]}).`,
    ended,
    '',
    `Our note: ${input.note}`,
    '',
    input.pageUrl,
    '',
    'This is the only mail we send about your report; your address is now deleted.',
  ].join('\n');
  const html = page(
    `<p>Thank you for telling us about “${escapeHtml(input.title)}” (${escapeHtml(REPORT_REASON_LABELS[input.reason])}).</p>` +
      `<p>${ended}</p><p>Our note: ${escapeHtml(input.note)}</p><p>${link(input.pageUrl, input.title)}</p>` +
      `<p>This is the only mail we send about your report; your address is now deleted.</p>`,
  );
  return { subject, text, html };
}

export function confirmReminderMail(input: {
  title: string;
  when: string;
  pageUrl: string;
  confirmUrl: string;
  editUrl: string;
}): MailContent {
  const subject = oneLine(`Are the details of "${input.title}" still current?`);
  const text = [
    `"${input.title}" starts ${input.when}, and its details were not confirmed in the last 60 days.`,
    `Check the listing: ${input.pageUrl}`,
    '',
    `If everything is right, open this link and press "${CONFIRM_BUTTON}":`,
    input.confirmUrl,
    '',
    `If something changed, correct it: ${input.editUrl}`,
    '',
    'The link works once, for 14 days.',
  ].join('\n');
  const html = page(
    `<p>“${escapeHtml(input.title)}” starts ${escapeHtml(input.when)}, and its details were not confirmed in the last 60 days.</p>` +
      `<p>${link(input.pageUrl, 'Check the listing')}</p>` +
      `<p>If everything is right, open this link and press “${CONFIRM_BUTTON}”: ${link(input.confirmUrl, 'Confirm the details')}</p>` +
      `<p>If something changed, ${link(input.editUrl, 'correct it')}.</p><p>The link works once, for 14 days.</p>`,
  );
  return { subject, text, html };
}
