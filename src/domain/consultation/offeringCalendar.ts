import { calendar, escapeText, uriValue, utcDateTime, type ContentLine } from '../feeds/ical';
import { UID_DOMAIN } from '../feeds/calendar';
import { vtimezone } from '../feeds/vtimezone';
import type { Availability } from '../parts/availability';
import { consultationPath } from './consultationFacts';
import { offeringSummary, offeringTitle, type CardFacts } from './offeringCard';
import { expandSessions, ruleDates, weekOfMonth, weekdayOf } from './recurrence';
import { Temporal } from 'temporal-polyfill';

/**
 * The calendar of an offering (docs/decisions/0043-consultation-recurrence.md): one VEVENT for the
 * whole series, in the offering's own zone (DTSTART;TZID= with a VTIMEZONE), with its repeat rule
 * (RRULE with COUNT), its skipped dates (EXDATE) or, for a list of dates, every date (RDATE).
 * A client expands it to exactly the sessions expandSessions gives, at the same local times across
 * a daylight-saving change. Like a training's event: no ORGANIZER, a stable UID, the row's revision
 * as SEQUENCE. Arranged times have no event.
 */
export interface CalendarOffering extends CardFacts {
  id: string;
  description: string | null;
  format: string;
  location: string | null;
  registerUrl: string | null;
  revision: number;
  createdAt: string | Date;
  updatedAt: string | Date;
  trainer: { name: string } | null;
  availability: Availability;
}

const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const STATUS: Partial<Record<Availability, string>> = { cancelled: 'CANCELLED', postponed: 'TENTATIVE' };

/** 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=11': COUNT counts the skipped dates too, as EXDATE takes them away. */
export function repeatRule(o: CalendarOffering): string | null {
  if (o.schedule !== 'repeat' || !o.repeat || !o.firstSession) return null;
  const first = o.firstSession.slice(0, 10);
  const day = BYDAY[weekdayOf(first) - 1];
  const count = ruleDates(o).dates.length;
  if (o.repeat === 'monthly') return `FREQ=MONTHLY;BYDAY=${weekOfMonth(first)}${day};COUNT=${count}`;
  return `FREQ=WEEKLY;${o.repeat === 'biweekly' ? 'INTERVAL=2;' : ''}BYDAY=${day};COUNT=${count}`;
}

/** Local date-times of the first session's time on these dates: '20271125T180000,…'. */
function atFirstTime(o: CalendarOffering, dates: readonly string[]): string {
  const time = o.firstSession!.slice(11, 16).replace(':', '');
  return dates.map((d) => `${d.replace(/-/g, '')}T${time}00`).join(',');
}

export function offeringPageUrl(siteUrl: string | URL, id: string): string {
  return new URL(consultationPath(id), siteUrl).href;
}

/** The VTIMEZONE and VEVENT content lines of a series (unfolded); none for arranged times. */
export function offeringEvent(o: CalendarOffering, siteUrl: string | URL): ContentLine[] {
  const sessions = expandSessions(o);
  const first = sessions[0];
  if (!first || !o.firstSession) return [];
  const zone = o.timeZone;
  const pageUrl = offeringPageUrl(siteUrl, o.id);
  const details = [
    offeringSummary(o, sessions),
    ...(o.description ? ['', o.description] : []),
    '',
    `Format: ${o.format}`,
    ...(o.trainer ? [`Consultant: ${o.trainer.name}`] : []),
    `Details: ${pageUrl}`,
    o.registerUrl ? `Register: ${o.registerUrl}` : `Request an introduction: ${pageUrl}`,
  ];
  // The wall-clock time of an instant on the offering's clock, as iCalendar writes a TZID time.
  const local = (iso: string) =>
    Temporal.Instant.from(iso).toZonedDateTimeISO(zone).toPlainDateTime().toString().replace(/[-:]/g, '');
  const rule = repeatRule(o);
  const { skipped } = ruleDates(o);
  // The first session is listed too: RFC 5545 counts DTSTART once either way, and some readers
  // (ical.js among them) expand an RDATE-only event to its RDATEs alone.
  const more = o.schedule === 'dates' ? sessions.map((s) => s.date) : [];
  const last = sessions.at(-1)!;
  return [
    ...vtimezone(zone, Date.parse(first.start), Date.parse(last.end)),
    ['BEGIN', 'VEVENT'],
    ['UID', `consultation-${o.id}@${UID_DOMAIN}`],
    ['SEQUENCE', String(Math.max(0, Math.trunc(o.revision)))],
    ['DTSTAMP', utcDateTime(o.updatedAt)],
    ['CREATED', utcDateTime(o.createdAt)],
    ['LAST-MODIFIED', utcDateTime(o.updatedAt)],
    [`DTSTART;TZID=${zone}`, local(first.start)],
    [`DTEND;TZID=${zone}`, local(first.end)],
    ...(rule ? [['RRULE', rule] as const] : []),
    ...(skipped.size > 0 ? [[`EXDATE;TZID=${zone}`, atFirstTime(o, [...skipped].sort())] as const] : []),
    ...(more.length > 0 ? [[`RDATE;TZID=${zone}`, atFirstTime(o, more)] as const] : []),
    ['SUMMARY', escapeText(offeringTitle(o))],
    ['DESCRIPTION', escapeText(details.join('\n'))],
    ['LOCATION', escapeText(o.format === 'Virtual' ? (o.location ?? 'Online') : (o.location ?? ''))],
    ['URL', uriValue(pageUrl)],
    ['STATUS', STATUS[o.availability] ?? 'CONFIRMED'],
    ['TRANSP', 'OPAQUE'],
    ['END', 'VEVENT'],
  ];
}

/** The 'Add to Calendar' file of an offering: its zone and its one event. */
export function offeringCalendar(o: CalendarOffering, siteUrl: string | URL): string {
  return calendar({}, [offeringEvent(o, siteUrl)]);
}
