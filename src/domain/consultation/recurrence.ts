import { Temporal } from 'temporal-polyfill';
import type { Repeat, ScheduleKind } from './consultationFacts';

/**
 * The recurrence model of a consultation series (docs/decisions/0043-consultation-recurrence.md).
 * A series is stored as the consultant states it, on its own clock: the first session's wall-clock
 * date and time in the offering's IANA zone, a length in minutes, and either a repeat (weekly,
 * every two weeks, monthly on the same weekday of the month) with the number of sessions held, or
 * a list of further dates. Sessions are derived here, never stored: each local date at the first
 * session's local time, made an instant in the zone, so a 6 PM group stays at 6 PM across a
 * daylight-saving change. Skipped dates do not count: "10 sessions" are ten meetings held.
 */
export interface Series {
  schedule: ScheduleKind;
  /** Wall-clock '2027-03-02T18:00' on the offering's clock; null when arranged. */
  firstSession: string | null;
  sessionMinutes: number | null;
  repeat: Repeat | null;
  /** Sessions held, skipped dates not counted. */
  sessionCount: number | null;
  /** With `dates`: the dates after the first session ('2027-03-16'), at its time of day. */
  sessionDates: readonly string[];
  /** With `repeat`: dates of the rule with no session. */
  skippedDates: readonly string[];
  timeZone: string;
}

/** One meeting: its local date on the offering's clock, and its start and end instants (ISO, UTC). */
export interface Session {
  date: string;
  start: string;
  end: string;
}

/** Which weekday of the month a monthly series keeps: 1–4, or -1 for the last (a 5th weekday). */
export function weekOfMonth(date: string): number {
  const week = Math.ceil(Temporal.PlainDate.from(date).day / 7);
  return week === 5 ? -1 : week;
}

/** The `week`th `weekday` (1 = Monday) of the month of `month` (-1: the last one). */
function weekdayInMonth(month: Temporal.PlainYearMonth, weekday: number, week: number): Temporal.PlainDate {
  if (week === -1) {
    const last = month.toPlainDate({ day: month.daysInMonth });
    return last.subtract({ days: (last.dayOfWeek - weekday + 7) % 7 });
  }
  const first = month.toPlainDate({ day: 1 });
  return first.add({ days: ((weekday - first.dayOfWeek + 7) % 7) + (week - 1) * 7 });
}

/** The rule's `index`th date (0 is the first session's). */
export function ruleDate(first: string, repeat: Repeat, index: number): string {
  const start = Temporal.PlainDate.from(first);
  if (repeat === 'weekly') return start.add({ weeks: index }).toString();
  if (repeat === 'biweekly') return start.add({ weeks: 2 * index }).toString();
  const month = start.toPlainYearMonth().add({ months: index });
  return weekdayInMonth(month, start.dayOfWeek, weekOfMonth(first)).toString();
}

const dateOf = (wallClock: string) => wallClock.slice(0, 10);
const timeOf = (wallClock: string) => Temporal.PlainDateTime.from(wallClock).toPlainTime();

/**
 * The rule's dates up to the last session held, skipped ones included (what RRULE's COUNT counts),
 * and which of them are skipped. Empty for a list of dates or arranged times.
 */
export function ruleDates(s: Series): { dates: string[]; skipped: Set<string> } {
  const dates: string[] = [];
  const skipped = new Set<string>();
  if (s.schedule !== 'repeat' || !s.firstSession || !s.repeat || !s.sessionCount) return { dates, skipped };
  const skip = new Set(s.skippedDates);
  const first = dateOf(s.firstSession);
  // Each skipped date adds at most one step; the bound keeps a bad list from looping forever.
  const maxSteps = s.sessionCount + skip.size;
  for (let i = 0, held = 0; held < s.sessionCount && i < maxSteps; i++) {
    const date = ruleDate(first, s.repeat, i);
    dates.push(date);
    if (i > 0 && skip.has(date)) skipped.add(date);
    else held++;
  }
  return { dates, skipped };
}

/** The local dates of the sessions held, in order. */
export function sessionDays(s: Series): string[] {
  if (!s.firstSession) return [];
  if (s.schedule === 'dates') return [...new Set([dateOf(s.firstSession), ...s.sessionDates])].sort();
  const { dates, skipped } = ruleDates(s);
  return dates.filter((d) => !skipped.has(d));
}

/** A local date and time on `zone`'s clock as an instant; a time the spring change skips moves forward. */
export function localInstant(date: string, time: Temporal.PlainTime, zone: string): Temporal.ZonedDateTime {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone, plainTime: time });
}

const iso = (z: Temporal.ZonedDateTime) => new Date(z.epochMilliseconds).toISOString();

/** Every session of a series, on the offering's own clock; none when the times are arranged. */
export function expandSessions(s: Series): Session[] {
  if (s.schedule === 'arranged' || !s.firstSession || !s.sessionMinutes) return [];
  const time = timeOf(s.firstSession);
  return sessionDays(s).map((date) => {
    const start = localInstant(date, time, s.timeZone);
    return { date, start: iso(start), end: iso(start.add({ minutes: s.sessionMinutes! })) };
  });
}

/** The sessions not yet over at `now`. */
export function upcomingSessions(sessions: readonly Session[], now: Date): Session[] {
  const ms = now.getTime();
  return sessions.filter((session) => Date.parse(session.end) > ms);
}

/** Hours the group meets in all (sessions × length); null when the times are arranged or not yet known. */
export function meetingHours(s: Series): number | null {
  if (s.schedule === 'arranged' || !s.sessionMinutes) return null;
  const days = sessionDays(s).length;
  return days === 0 ? null : (days * s.sessionMinutes) / 60;
}

/** ISO weekday of a local date: 1 Monday … 7 Sunday. */
export const weekdayOf = (date: string) => Temporal.PlainDate.from(date).dayOfWeek;
