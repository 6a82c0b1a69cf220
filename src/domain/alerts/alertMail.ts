import { ceHoursText, type CeApproval } from '../trainingFacts/programFacts';
import { formatPrice } from '../display';
import { DEFAULT_TIME_ZONE, formatWhen } from '../time/timeZones';

/**
 * The alert mails' words (docs/product.md, Alerts): a plain-text and an HTML part each, every value
 * escaped in the HTML, every link absolute from SITE_URL.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** No line breaks in a subject (a header). */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const FREQUENCY_TEXT = { daily: 'a daily digest', weekly: 'a weekly digest' } as const;

/** A mail's HTML part around its body (the site's other mails use it too: src/domain/trust/trustMail.ts). */
export function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>EMDR Training</title></head><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">${body}</body></html>`;
}

export const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/**
 * The one mail anyone can have sent to any address: `filters` is the site's own wording of the alert
 * (mailFilterText in alertMailFilters.ts), never the requester's text (issue 51, point 7).
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
