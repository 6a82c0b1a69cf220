import { formatWeekdayDate, timeParts, type Instant } from '../time/timeZones';
import type { ShownPart } from './trainingParts';

/**
 * How a part of a program reads on its page (docs/product.md, Parts): its days, then its daily
 * hours, on its own zone's clock. A part is a block of days with the same hours each day, so
 * 'Sat, Mar 6 – Mon, Mar 8, 2027 · 9:00 AM – 5:00 PM PST' says it better than formatWhen's
 * 'Sat, Mar 6, 2027 · 9:00 AM – Mon, Mar 8, 2027 · 5:00 PM PST'. Server-only: pages are static.
 */
const noYear = new Map<string, Intl.DateTimeFormat>();
function dayWithoutYear(value: Instant, zone: string): string {
  let found = noYear.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: zone });
    noYear.set(zone, found);
  }
  return found.format(typeof value === 'string' ? new Date(value) : value);
}

/** 'Sat, Mar 6 – Mon, Mar 8, 2027 · 9:00 AM – 5:00 PM PST' (one day: 'Sat, Mar 6, 2027 · …'). */
export function formatPartWhen(start: Instant, end: Instant, zone: string): string {
  const [dayA, dayB] = [formatWeekdayDate(start, zone), formatWeekdayDate(end, zone)];
  const sameYear = dayA.slice(-4) === dayB.slice(-4);
  const days = dayA === dayB ? dayA : `${sameYear ? dayWithoutYear(start, zone) : dayA} – ${dayB}`;
  const [a, b] = [timeParts(start, zone), timeParts(end, zone)];
  // Across a daylight-saving change each time carries its own abbreviation.
  const hours = a.abbreviation === b.abbreviation ? `${a.time} – ${b.time}` : `${a.time} ${a.abbreviation} – ${b.time}`;
  return `${days} · ${hours} ${b.abbreviation}`;
}

/** 'Part 1 — Sat, Mar 6 – Mon, Mar 8, 2027 · 9:00 AM – 5:00 PM PST · Sacramento, CA · In-Person'. */
export function partLine(p: ShownPart): string {
  const place = p.venue ? `${p.venue}, ${p.location}` : p.location;
  return `${p.label} — ${formatPartWhen(p.startDate, p.endDate, p.timeZone)} · ${place} · ${p.format}`;
}
