import { createEvent, type EventAttributes } from 'ics';

/**
 * The .ics file behind 'Add to Calendar' (SPEC §7, issue 4): one VEVENT in UTC. Dates go to `ics`
 * as epoch milliseconds: its date arrays are read in the server's time zone and ISO strings pass
 * through unvalidated (STACK-NOTES §9). `ics` escapes commas, semicolons, backslashes and newlines.
 */
export interface CalendarTraining {
  id: string;
  title: string;
  description: string;
  startDate: string | Date;
  endDate: string | Date;
  location: string;
  venue: string | null;
  thinkificUrl: string;
  trainer: { name: string } | null;
}

export function trainingCalendar(t: CalendarTraining, pageUrl: string, now: Date = new Date()): string {
  // `timestamp` (DTSTAMP) is read by ics 3.12 but missing from its types.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: 'emdr-training-marketplace/ics',
    uid: `${t.id}@emdr-training-marketplace`,
    timestamp: now.getTime(),
    start: new Date(t.startDate).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(t.endDate).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: oneLine(t.title),
    description: `${t.description}\n\nRegister: ${t.thinkificUrl}`,
    location: oneLine(t.venue ? `${t.venue}, ${t.location}` : t.location),
    url: pageUrl,
    ...(t.trainer ? { organizer: { name: oneLine(t.trainer.name) } } : {}),
    status: 'CONFIRMED',
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('Calendar file could not be built');
  return value;
}

/** Line breaks in one-line fields would only be escaped; a title reads better with spaces. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** A file name that every browser accepts: the title's letters and digits. */
export function calendarFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'training'}.ics`;
}
