import { Temporal } from 'temporal-polyfill';
import { formatDate } from '../display';
import { formatWhen, timeParts, toDate, type Instant } from '../time/timeZones';
import type { Repeat } from './consultationFacts';
import { expandSessions, weekOfMonth, type Series, type Session } from './recurrence';

/**
 * How an offering's times read (docs/product.md, Consultation): the card's "Tuesdays 6–7:30 PM ET",
 * each session on the offering's clock, and on the visitor's ("Your time"). Server-side: pages are
 * built once, and the visitor's zone is a parameter (the page's inline script, visitorTimeScript.ts,
 * writes the same formatWhen shape in the browser).
 */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ORDINALS: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', [-1]: 'Last' };

// Formatters are costly to build and a publish writes thousands of cards: one per zone and use.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, use: 'generic' | 'clock'): Intl.DateTimeFormat {
  const key = `${zone}|${use}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      use === 'generic'
        ? { timeZoneName: 'shortGeneric' }
        : { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, found);
  }
  return found;
}

/** "ET", "PT", "HST", or for a zone without a short name "Madrid time". */
export function zoneShortName(zone: string, at: Instant): string {
  const parts = formatter(zone, 'generic').formatToParts(toDate(at));
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  return /^[A-Z]{2,5}$/.test(name) ? name : `${(zone.split('/').at(-1) ?? zone).replace(/_/g, ' ')} time`;
}

/** '6–7:30 PM', '11:30 AM–1 PM': a session's hours on `zone`'s clock, without a zone. */
export function hoursRange(start: Instant, end: Instant, zone: string): string {
  const short = (at: Instant) => {
    const [clock, period] = timeParts(at, zone).time.split(' ');
    return { clock: clock!.replace(/:00$/, ''), period: period ?? '' };
  };
  const [a, b] = [short(start), short(end)];
  return a.period === b.period ? `${a.clock}–${b.clock} ${b.period}` : `${a.clock} ${a.period}–${b.clock} ${b.period}`;
}

/** "Tuesdays", "Every other Tuesday", "2nd Tuesday of the month", "Last Tuesday of the month". */
export function repeatText(repeat: Repeat, firstDate: string): string {
  const day = WEEKDAYS[Temporal.PlainDate.from(firstDate).dayOfWeek - 1]!;
  if (repeat === 'weekly') return `${day}s`;
  if (repeat === 'biweekly') return `Every other ${day}`;
  return `${ORDINALS[weekOfMonth(firstDate)]} ${day} of the month`;
}

export const ARRANGED_TEXT = 'Times arranged with you';

/** The card's when: "Tuesdays 6–7:30 PM ET", "Selected dates 6–7:30 PM ET", or "Times arranged with you". */
export function meetsText(s: Series, sessions: readonly Session[] = expandSessions(s)): string {
  const first = sessions[0];
  if (!first || !s.firstSession) return ARRANGED_TEXT;
  const days = new Set(sessions.map((x) => Temporal.PlainDate.from(x.date).dayOfWeek));
  const pattern =
    s.schedule === 'repeat' && s.repeat
      ? repeatText(s.repeat, first.date)
      : days.size === 1
        ? `Selected ${WEEKDAYS[[...days][0]! - 1]}s`
        : 'Selected dates';
  return `${pattern} ${hoursRange(first.start, first.end, s.timeZone)} ${zoneShortName(s.timeZone, first.start)}`;
}

/** "10 sessions from Mar 2, 2027", "1 session on Mar 2, 2027"; null when arranged. */
export function sessionsText(s: Series, sessions: readonly Session[] = expandSessions(s)): string | null {
  const first = sessions[0];
  if (!first) return null;
  const n = sessions.length;
  return `${n} session${n === 1 ? '' : 's'} ${n === 1 ? 'on' : 'from'} ${formatDate(first.start, s.timeZone)}`;
}

/** One session on a clock: 'Tue, Mar 2, 2027 · 6:00 PM – 7:30 PM EST' (formatWhen's shape). */
export const sessionWhen = (session: Session, zone: string) => formatWhen(session.start, session.end, zone);

/**
 * "Your time: Tue, Mar 2, 2027 · 3:00 PM – 4:30 PM PST" for a visitor on another clock; null when
 * the visitor's clock reads the session the same (the same zone, or one that agrees that day).
 */
export function yourTime(session: Session, offeringZone: string, visitorZone: string): string | null {
  const theirs = sessionWhen(session, visitorZone);
  return theirs === sessionWhen(session, offeringZone) ? null : `Your time: ${theirs}`;
}

/** A session's weekday (1 Monday … 7 Sunday) and minutes after midnight on `zone`'s clock. */
export function clockOf(instant: Instant | number, zone: string): { weekday: number; minutes: number } {
  const parts = formatter(zone, 'clock').formatToParts(typeof instant === 'number' ? instant : toDate(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = SHORT_DAYS.indexOf(part('weekday')) + 1;
  return { weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}
const SHORT_DAYS = WEEKDAYS.map((day) => day.slice(0, 3));
