import { Temporal } from 'temporal-polyfill';
import { escapeText, type ContentLine } from './ical';

/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for an IANA zone over a span of time, from the IANA data behind
 * Temporal, never from offsets of our own: the observance in effect at the start, then each change
 * up to the end, each as one dated observance (DTSTART in the local time before the change, the
 * offsets from and to). A repeating event written in local time with a TZID (a consultation
 * series, docs/decisions/0043-consultation-recurrence.md) needs it, so a client expands the series
 * on the zone's own clock across a daylight-saving change, whatever zone the client is in.
 */

/** '-0500', '+0100', '-045602' (an offset with seconds, as old local mean times have). */
function utcOffset(nanoseconds: number): string {
  const total = Math.round(nanoseconds / 1e9);
  const abs = Math.abs(total);
  const pad = (n: number) => String(n).padStart(2, '0');
  const seconds = abs % 60;
  const text = `${pad(Math.floor(abs / 3600))}${pad(Math.floor((abs % 3600) / 60))}${seconds ? pad(seconds) : ''}`;
  return `${total < 0 ? '-' : '+'}${text}`;
}

/** A local date-time as iCalendar writes it without a zone: '20270314T020000'. */
function localDateTime(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

function abbreviation(zone: string, epochMs: number): string | null {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(epochMs);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? null;
}

/** One observance: the change at `at` (a ZonedDateTime carrying the offset after it). */
function observance(zone: string, at: Temporal.ZonedDateTime): ContentLine[] {
  const to = at.offsetNanoseconds;
  const from = at.subtract({ nanoseconds: 1 }).offsetNanoseconds;
  // A change that moves the clock forward starts daylight time; one that moves it back, standard.
  const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
  const name = abbreviation(zone, at.epochMilliseconds);
  return [
    ['BEGIN', kind],
    ['DTSTART', localDateTime(at.epochMilliseconds + from / 1e6)],
    ['TZOFFSETFROM', utcOffset(from)],
    ['TZOFFSETTO', utcOffset(to)],
    ...(name ? [['TZNAME', escapeText(name)] as const] : []),
    ['END', kind],
  ];
}

/** The VTIMEZONE of `zone` covering every instant from `fromMs` to `toMs` (epoch milliseconds). */
export function vtimezone(zone: string, fromMs: number, toMs: number): ContentLine[] {
  const start = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(zone);
  const changes: Temporal.ZonedDateTime[] = [];
  const before = start.getTimeZoneTransition('previous');
  if (before) changes.push(before);
  for (let next = start.getTimeZoneTransition('next'); next && next.epochMilliseconds <= toMs;) {
    changes.push(next);
    next = next.getTimeZoneTransition('next');
  }
  // A zone that never changed (UTC) has one standard observance at its one offset.
  const fixed: ContentLine[] = [
    ['BEGIN', 'STANDARD'],
    ['DTSTART', '19700101T000000'],
    ['TZOFFSETFROM', utcOffset(start.offsetNanoseconds)],
    ['TZOFFSETTO', utcOffset(start.offsetNanoseconds)],
    ['END', 'STANDARD'],
  ];
  return [
    ['BEGIN', 'VTIMEZONE'],
    ['TZID', zone],
    ...(changes.length === 0 ? fixed : changes.flatMap((at) => observance(zone, at))),
    ['END', 'VTIMEZONE'],
  ];
}
