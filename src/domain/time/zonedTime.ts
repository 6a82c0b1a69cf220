import { Temporal } from 'temporal-polyfill';
import { toDate, type Instant } from './timeZones';

/**
 * Wall-clock text and offsets of a training's zone, through Temporal and its IANA data (the polyfill
 * until every runtime has Temporal). Kept apart from ./timeZones.ts so that the public islands, which
 * only format dates, never download the polyfill; the admin form and the server use this.
 */

/** '2027-03-06T09:00:00-08:00': the local time with its offset, as schema.org Event data wants it. */
export function toOffsetDateTime(value: Instant, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(toDate(value).getTime())
    .toZonedDateTimeISO(zone)
    .toString({ timeZoneName: 'never', fractionalSecondDigits: 0 });
}

/** An instant as the form's `datetime-local` value ('2027-03-06T09:00') on the wall clock of `zone`. */
export function toWallClock(value: Instant | null | undefined, zone: string): string {
  if (!value) return '';
  const ms = toDate(value).getTime();
  if (Number.isNaN(ms)) return '';
  const local = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime();
  return local.toString({ smallestUnit: 'minute' });
}

/**
 * The exact instant of a wall-clock time ('2027-03-06T09:00') in `zone`, as an ISO string; null when
 * the text is not a date and time. A time skipped by the spring change moves forward (2:30 AM → 3:30 AM
 * daylight time); a time repeated in the fall is the first, daylight one: what a person means.
 */
export function wallClockToInstant(text: string, zone: string): string | null {
  try {
    const local = Temporal.PlainDateTime.from(text.trim(), { overflow: 'reject' });
    const exact = local.toZonedDateTime(zone, { disambiguation: 'compatible' });
    return new Date(exact.epochMilliseconds).toISOString();
  } catch {
    return null;
  }
}
