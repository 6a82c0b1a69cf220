import ICAL from 'ical.js';
import { z } from 'zod';
import { FORMATS } from '../formats';
import { TIME_ZONE_IDS, TIME_ZONE_MESSAGE } from '../time/timeZones';
import { normalTitle } from './importMatch';
import type { SourceRow } from './importRows';

/**
 * A calendar feed read into trainings (docs/product.md, Import): one event a training, except events
 * named "… Part 1", "… Part 2" (or "Day 1/2") of one program, which become the parts of one training.
 * Calendars seldom say a format, a place or a zone: the feed's defaults fill them. A training's UID is
 * its first part's event UID, so the same program is matched again on the next read.
 */
export const FeedDefaultsSchema = z.strictObject({
  trainerId: z.string({ error: 'Choose the trainer' }).trim().min(1, { error: 'Choose the trainer' }),
  format: z.enum(FORMATS, { error: 'Choose In-Person, Virtual or Hybrid' }).optional(),
  location: z.string().trim().max(200).optional(),
  timeZone: z.enum(TIME_ZONE_IDS, { error: TIME_ZONE_MESSAGE }).optional(),
  price: z.number().int().min(0).optional(),
  thinkificUrl: z.string().trim().max(2000).optional(),
});
export type FeedDefaults = z.output<typeof FeedDefaultsSchema>;

export const FEED_ERRORS = {
  notCalendar: 'The address did not answer a calendar (.ics)',
  repeating:
    'A repeating event is not imported as a training (consultation offerings are not imported yet): list its dates as separate events',
} as const;

const PART = /^(.*?)[\s,:;(\-–—]*\b(part|day)\s*(\d{1,2})\)?\s*$/i;

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  start: string;
  end: string;
  zone: string | null;
  repeats: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An event's time as the form takes it: an exact instant when it has one, else wall-clock text. */
function timeText(time: ICAL.Time, endOfDay: boolean): { text: string; zone: string | null } {
  if (time.isDate) {
    const day = time.clone();
    // An all-day event's end is the next day, exclusive: the training ends the day before.
    if (endOfDay) day.adjust(-1, 0, 0, 0);
    return { text: `${day.year}-${pad(day.month)}-${pad(day.day)}T${endOfDay ? '17:00' : '09:00'}`, zone: null };
  }
  const tzid = time.zone?.tzid ?? 'floating';
  if (tzid === 'UTC' || tzid === 'Z') return { text: time.toJSDate().toISOString(), zone: null };
  const wall = `${time.year}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}`;
  return { text: wall, zone: (TIME_ZONE_IDS as readonly string[]).includes(tzid) ? tzid : null };
}

export function readEvents(text: string): FeedEvent[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new Error(FEED_ERRORS.notCalendar);
  }
  if (root.name !== 'vcalendar') throw new Error(FEED_ERRORS.notCalendar);
  return root.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const start = timeText(event.startDate, false);
    const end = timeText(event.endDate ?? event.startDate, true);
    const url = vevent.getFirstPropertyValue('url');
    return {
      uid: event.uid,
      summary: event.summary ?? '',
      description: event.description ?? '',
      location: event.location ?? '',
      url: typeof url === 'string' ? url : '',
      start: start.text,
      end: end.text,
      zone: start.zone,
      repeats: vevent.hasProperty('rrule') || vevent.hasProperty('rdate'),
    };
  });
}

const orNone = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The form's values for one training (with parts, when `events` are its parts in order). */
function trainingValues(
  title: string,
  events: (FeedEvent & { label?: string })[],
  defaults: FeedDefaults,
): Record<string, unknown> {
  const first = events[0]!;
  const timeZone = first.zone ?? defaults.timeZone;
  const values: Record<string, unknown> = {
    trainerId: defaults.trainerId,
    title,
    description: orNone(first.description) ?? title,
    price: defaults.price ?? 0,
    location: orNone(first.location) ?? defaults.location,
    format: defaults.format,
    thinkificUrl: orNone(first.url) ?? defaults.thinkificUrl,
    ...(timeZone ? { timeZone } : {}),
  };
  if (events.length === 1 && !first.label) return { ...values, startDate: first.start, endDate: first.end };
  return {
    ...values,
    parts: events.map((e) => ({
      label: e.label,
      startDate: e.start,
      endDate: e.end,
      ...(orNone(e.location) && e.location.trim() !== values.location ? { location: e.location.trim() } : {}),
    })),
  };
}

/** The feed's events as rows of the import: a program's parts grouped into one training. */
export function feedRows(events: readonly FeedEvent[], defaults: FeedDefaults): SourceRow[] {
  const programs = new Map<string, { title: string; parts: (FeedEvent & { n: number; label: string })[] }>();
  const rows: { at: number; row: SourceRow }[] = [];
  events.forEach((event, at) => {
    if (event.repeats) {
      rows.push({
        at,
        row: {
          row: event.uid,
          uid: event.uid,
          values: { title: event.summary },
          errors: [{ row: event.uid, field: 'rrule', column: 'Repeats', message: FEED_ERRORS.repeating }],
        },
      });
      return;
    }
    const part = PART.exec(event.summary.trim());
    if (!part || !part[1]) {
      rows.push({
        at,
        row: {
          row: event.uid,
          uid: event.uid,
          values: trainingValues(event.summary.trim(), [event], defaults),
          errors: [],
        },
      });
      return;
    }
    const title = part[1].trim();
    const key = normalTitle(title);
    const program = programs.get(key) ?? { title, parts: [] };
    if (!programs.has(key)) {
      programs.set(key, program);
      // Held at its first event's place, so the rows keep the calendar's order.
      rows.push({ at, row: { row: '', uid: null, values: { key }, errors: [] } });
    }
    const word = part[2]!.toLowerCase() === 'day' ? 'Day' : 'Part';
    program.parts.push({ ...event, n: Number(part[3]), label: `${word} ${part[3]}` });
  });
  return rows
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => {
      if (row.row !== '') return row;
      const program = programs.get(row.values.key as string)!;
      const parts = [...program.parts].sort((a, b) => a.n - b.n);
      const uid = parts[0]!.uid;
      return { row: uid, uid, values: trainingValues(program.title, parts, defaults), errors: [] };
    });
}
