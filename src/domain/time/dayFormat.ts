/**
 * Dates as the site writes them, read in a zone (docs/product.md): the part of the time-zone rules
 * the home page's islands need for a card's dates. The zone table and the admin's choices are in
 * ./timeZones.ts, which re-exports these; kept apart so the table stays out of the islands'
 * JavaScript (the budgets in tests/support/budgets.ts left no room for it).
 */

/** The zone the site always showed: timeZones.ts's DEFAULT_TIME_ZONE. */
export const DEFAULT_ZONE = 'America/New_York';

export type Instant = Date | string;
export const toDate = (value: Instant) => (typeof value === 'string' ? new Date(value) : value);

// Formatters are costly to build and a build renders thousands of cards: one per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, style: 'date' | 'day' | 'time'): Intl.DateTimeFormat {
  const key = `${zone}|${style}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      style === 'time'
        ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
        : { month: 'short', day: 'numeric', year: 'numeric', ...(style === 'day' ? { weekday: 'short' } : {}) };
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, found);
  }
  return found;
}

/** 'Jan 5, 2025' on the day the instant falls on in `zone`. */
export function formatDay(value: Instant, zone: string): string {
  return formatter(zone, 'date').format(toDate(value));
}

/** 'Sat, Mar 6, 2027'. */
export function formatWeekdayDate(value: Instant, zone: string): string {
  return formatter(zone, 'day').format(toDate(value));
}

/** '9:00 AM' and 'PST', read from the parts so spacing is the same on every ICU version. */
export function timeParts(value: Instant, zone: string): { time: string; abbreviation: string } {
  const parts = formatter(zone, 'time').formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { time: `${part('hour')}:${part('minute')} ${part('dayPeriod')}`, abbreviation: part('timeZoneName') };
}
