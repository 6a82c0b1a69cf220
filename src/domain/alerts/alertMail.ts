import { ceHoursText, type CeApproval } from '../trainingFacts/programFacts';
import { formatPrice } from '../display';
import { DEFAULT_TIME_ZONE, formatWhen } from '../time/timeZones';
import { escapeHtml, link, oneLine, page, type MailContent } from '../mailContent';

/**
 * The alert mails' words (docs/product.md, Alerts): a plain-text and an HTML part each, every value
 * escaped in the HTML, every link absolute from SITE_URL.
 */

const FREQUENCY_TEXT = { daily: 'a daily digest', weekly: 'a weekly digest' } as const;

/**
 * The one mail anyone can have sent to any address: `filters` is the site's own wording of the alert
 * (mailFilterText in alertMailFilters.ts), never the requester's text (docs/security.md).
 */
export function confirmationMail(input: {
  confirmUrl: string;
  filters: string;
  frequency: keyof typeof FREQUENCY_TEXT;
}): MailContent {
  const subject = 'Confirm your EMDR training alert';
  const text = [
    'Someone (hopefully you) asked to be emailed when new EMDR trainings like these are listed:',
    '',
    `  ${input.filters}`,
    `  as ${FREQUENCY_TEXT[input.frequency]}`,
    '',
    'To confirm, open this link and press "Confirm alert":',
    input.confirmUrl,
    '',
    'The link works for 7 days. If you did not ask for this, ignore this mail: nothing will be sent.',
  ].join('\n');
  const html = page(
    `<p>Someone (hopefully you) asked to be emailed when new EMDR trainings like these are listed:</p>` +
      `<p><strong>${escapeHtml(input.filters)}</strong><br>as ${FREQUENCY_TEXT[input.frequency]}</p>` +
      `<p>To confirm, open this link and press “Confirm alert”: ${link(input.confirmUrl, 'Confirm my alert')}</p>` +
      `<p>The link works for 7 days. If you did not ask for this, ignore this mail: nothing will be sent.</p>`,
  );
  return { subject, text, html };
}

/** One training in a digest: what its card and page say, as text. */
export interface DigestItem {
  title: string;
  when: string;
  place: string;
  format: string;
  price: string;
  ce: string;
  pageUrl: string;
  calendarUrl: string;
}

export function digestItem(
  t: {
    id: string;
    title: string;
    startDate: Date | string;
    endDate: Date | string;
    timeZone?: string | null;
    location: string;
    venue?: string | null;
    format: string;
    price: number;
    ceCredits: number;
    ceApprovals: readonly CeApproval[];
  },
  urls: { pageUrl: string; calendarUrl: string },
): DigestItem {
  const zone = t.timeZone || DEFAULT_TIME_ZONE;
  return {
    title: t.title,
    when: formatWhen(t.startDate, t.endDate, zone),
    place: t.venue ? `${t.venue}, ${t.location}` : t.location,
    format: t.format,
    price: formatPrice(t.price),
    ce: t.ceApprovals.length > 0 ? ceHoursText(t.ceApprovals) : `${t.ceCredits} CE hours`,
    ...urls,
  };
}

export function digestMail(input: {
  items: readonly DigestItem[];
  more: number;
  queryText: string;
  listingUrl: string;
  unsubscribeUrl: string;
  manageUrl: string;
}): MailContent {
  const count = input.items.length + input.more;
  const subject = oneLine(`${count} new EMDR training${count === 1 ? '' : 's'}: ${input.queryText}`).slice(0, 200);
  const textItems = input.items.map((item) =>
    [
      item.title,
      `  When: ${item.when}`,
      `  Where: ${item.place}`,
      `  Format: ${item.format}`,
      `  Price: ${item.price}`,
      `  CE: ${item.ce}`,
      `  Details: ${item.pageUrl}`,
      `  Add to calendar: ${item.calendarUrl}`,
    ].join('\n'),
  );
  const moreText = input.more > 0 ? [`And ${input.more} more: ${input.listingUrl}`, ''] : [];
  const text = [
    `New EMDR trainings listed for your alert (${input.queryText}):`,
    '',
    textItems.join('\n\n'),
    '',
    ...moreText,
    `Manage your alerts: ${input.manageUrl}`,
    `Unsubscribe from this alert: ${input.unsubscribeUrl}`,
  ].join('\n');
  const htmlItems = input.items
    .map(
      (item) =>
        `<li style="margin-bottom:16px"><strong>${link(item.pageUrl, item.title)}</strong><br>` +
        `${escapeHtml(item.when)}<br>${escapeHtml(item.place)} · ${escapeHtml(item.format)}<br>` +
        `${escapeHtml(item.price)} · ${escapeHtml(item.ce)}<br>${link(item.calendarUrl, 'Add to calendar')}</li>`,
    )
    .join('');
  const moreHtml = input.more > 0 ? `<p>${link(input.listingUrl, `And ${input.more} more`)}</p>` : '';
  const html = page(
    `<p>New EMDR trainings listed for your alert (<strong>${escapeHtml(input.queryText)}</strong>):</p>` +
      `<ul style="padding-left:20px">${htmlItems}</ul>${moreHtml}` +
      `<p style="font-size:13px;color:#475569">${link(input.manageUrl, 'Manage your alerts')} · ` +
      `${link(input.unsubscribeUrl, 'Unsubscribe from this alert')}</p>`,
  );
  return { subject, text, html };
}
