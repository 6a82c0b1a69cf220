import { calendar, escapeText, uriValue, utcDateTime, type ContentLine } from './ical';
import { trainingPath } from '../trainingPath';
import type { ProgramFacts } from '../trainingFacts/programFacts';
import { factLines } from '../trainingFacts/ceApprovalText';
import { shownParts, type TrainingPart } from '../parts/trainingParts';
import type { Availability } from '../parts/availability';

/**
 * The one calendar event of a training, used by the 'Add to Calendar' download and by every feed,
 * so a training reads the same wherever a clinician adds it from.
 *
 * - No ORGANIZER: calendar clients offer to email an organizer, and a trainer's name is no address.
 * - UID is stable per training, so a feed update replaces the event instead of adding a copy.
 * - SEQUENCE is the row's revision (raised by the database on every update), DTSTAMP and
 *   LAST-MODIFIED its last change: clients take a newer SEQUENCE as a change to apply, and the
 *   file stays byte-identical between builds when nothing changed.
 * - Instants are written in UTC from the stored timestamps, whatever the server's time zone.
 * - DESCRIPTION carries the program facts as plain lines (factLines): program type, CE approvals
 *   and the cost, so a clinician's calendar holds what they decided on.
 * - A program in parts is one event per part (docs/product.md, Parts), each with its own stable UID
 *   (`{id}-part-{n}@…`), its own place and "{title} — Part 1"; a cancelled training's events say
 *   STATUS:CANCELLED, so a subscribed calendar strikes them rather than losing them.
 */
export interface CalendarTraining extends ProgramFacts {
  id: string;
  title: string;
  description: string;
  startDate: string | Date;
  endDate: string | Date;
  location: string;
  venue: string | null;
  format: string;
  thinkificUrl: string;
  revision: number;
  createdAt: string | Date;
  updatedAt: string | Date;
  trainer: { name: string } | null;
  language?: string;
  /** Only the parts read it (their default zone); instants are written in UTC. */
  timeZone?: string;
  parts?: readonly TrainingPart[];
  availability?: Availability;
}

const STATUS: Partial<Record<Availability, string>> = { cancelled: 'CANCELLED', postponed: 'TENTATIVE' };

export const UID_DOMAIN = 'emdr-training-marketplace';

export function trainingPageUrl(siteUrl: string | URL, id: string): string {
  return new URL(trainingPath(id), siteUrl).href;
}

/**
 * The training's VEVENTs' content lines (unfolded; the writer folds them): one event, or one per part.
 * Every feed and the 'Add to Calendar' file write these lines.
 */
export function trainingEvent(t: CalendarTraining, siteUrl: string | URL): ContentLine[] {
  const pageUrl = trainingPageUrl(siteUrl, t.id);
  const details = [
    t.description,
    '',
    `Format: ${t.format}`,
    ...(t.trainer ? [`Trainer: ${t.trainer.name}`] : []),
    ...factLines(t),
    `Details: ${pageUrl}`,
    `Register: ${t.thinkificUrl}`,
  ];
  const event = (
    uid: string,
    e: { summary: string; start: string | Date; end: string | Date; place: string },
  ): ContentLine[] => [
    ['BEGIN', 'VEVENT'],
    ['UID', `${uid}@${UID_DOMAIN}`],
    ['SEQUENCE', String(Math.max(0, Math.trunc(t.revision)))],
    ['DTSTAMP', utcDateTime(t.updatedAt)],
    ['CREATED', utcDateTime(t.createdAt)],
    ['LAST-MODIFIED', utcDateTime(t.updatedAt)],
    ['DTSTART', utcDateTime(e.start)],
    ['DTEND', utcDateTime(e.end)],
    ['SUMMARY', escapeText(e.summary)],
    ['DESCRIPTION', escapeText(details.join('\n'))],
    ['LOCATION', escapeText(e.place)],
    ['URL', uriValue(pageUrl)],
    ['STATUS', STATUS[t.availability ?? 'open'] ?? 'CONFIRMED'],
    ['TRANSP', 'OPAQUE'],
    ['END', 'VEVENT'],
  ];
  const place = (p: { venue: string | null; location: string }) => (p.venue ? `${p.venue}, ${p.location}` : p.location);
  const parts = shownParts({ ...t, timeZone: t.timeZone ?? 'UTC', parts: t.parts ?? [] });
  if (parts.length === 0) return event(t.id, { summary: t.title, start: t.startDate, end: t.endDate, place: place(t) });
  return parts.flatMap((p) =>
    event(`${t.id}-part-${p.number}`, {
      summary: `${t.title} — ${p.label}`,
      start: p.startDate,
      end: p.endDate,
      place: place(p),
    }),
  );
}

/** The 'Add to Calendar' file: one event. */
export function trainingCalendar(t: CalendarTraining, siteUrl: string | URL): string {
  return calendar({}, [trainingEvent(t, siteUrl)]);
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
