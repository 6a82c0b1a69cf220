import type { StateCode } from '../states';
import { DEFAULT_ZONE, timeParts, formatWeekdayDate, toDate, type Instant } from './dayFormat';

export { formatDay, formatWeekdayDate, timeParts, toDate, type Instant } from './dayFormat';

/**
 * Time-zone rules for trainings: which zones a training may run in, the default zone of each state,
 * and how a time reads on the site. Offsets and daylight saving always come from the IANA data behind
 * `Intl`, never from arithmetic of our own. Converting between wall-clock text and instants needs
 * Temporal and lives in ./zonedTime.ts. What the home page's islands need (a card's dates) is in
 * ./dayFormat.ts: the zone table stays out of their JavaScript.
 */
export const TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern Time (New York)' },
  { id: 'America/Chicago', label: 'Central Time (Chicago)' },
  { id: 'America/Denver', label: 'Mountain Time (Denver)' },
  { id: 'America/Phoenix', label: 'Mountain Time, no daylight saving (Phoenix)' },
  { id: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles)' },
  { id: 'America/Anchorage', label: 'Alaska Time (Anchorage)' },
  { id: 'America/Adak', label: 'Hawaii-Aleutian Time (Adak)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii Time (Honolulu)' },
] as const;

export type TimeZoneId = (typeof TIME_ZONES)[number]['id'];
export const TIME_ZONE_IDS = TIME_ZONES.map((z) => z.id) as [TimeZoneId, ...TimeZoneId[]];
export const TIME_ZONE_MESSAGE = 'Choose one of the listed US time zones';

/** Trainings without a state (and rows from before zones existed) keep the zone the site always showed. */
export const DEFAULT_TIME_ZONE: TimeZoneId = DEFAULT_ZONE;

/** The four mainland zones by their usual initials. */
export const MAINLAND_ZONES = {
  ET: 'America/New_York',
  CT: 'America/Chicago',
  MT: 'America/Denver',
  PT: 'America/Los_Angeles',
} as const satisfies Record<string, TimeZoneId>;
const { ET, CT, MT, PT } = MAINLAND_ZONES;

/** Each state's default zone; a state spanning two zones gets the one where most of its people live. */
export const STATE_TIME_ZONES: Record<StateCode, TimeZoneId> = {
  AL: CT, AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: CT, CA: PT, CO: MT, CT: ET, DE: ET, FL: ET,
  GA: ET, HI: 'Pacific/Honolulu', ID: MT, IL: CT, IN: ET, IA: CT, KS: CT, KY: ET, LA: CT, ME: ET, MD: ET,
  MA: ET, MI: ET, MN: CT, MS: CT, MO: CT, MT: MT, NE: CT, NV: PT, NH: ET, NJ: ET, NM: MT, NY: ET, NC: ET,
  ND: CT, OH: ET, OK: CT, OR: PT, PA: ET, RI: ET, SC: ET, SD: CT, TN: CT, TX: CT, UT: MT, VT: ET, VA: ET,
  WA: PT, WV: ET, WI: CT, WY: MT,
}; // prettier-ignore

export function timeZoneLabel(zone: string): string {
  return TIME_ZONES.find((z) => z.id === zone)?.label ?? zone;
}

/** The zone a training gets when none is chosen: its state's default, or Eastern Time. */
export function zoneForState(state: string | null | undefined): TimeZoneId {
  return (state && STATE_TIME_ZONES[state as StateCode]) || DEFAULT_TIME_ZONE;
}

/**
 * 'Sat, Mar 6, 2027 · 9:00 AM – 5:00 PM PST'; over several days 'Fri, Sep 10, 2027 · 9:00 AM – Sun,
 * Sep 12, 2027 · 4:00 PM PDT'. Across a daylight-saving change each time carries its own abbreviation.
 */
export function formatWhen(start: Instant, end: Instant, zone: string): string {
  const [a, b] = [timeParts(start, zone), timeParts(end, zone)];
  const [dayA, dayB] = [formatWeekdayDate(start, zone), formatWeekdayDate(end, zone)];
  const first = a.abbreviation === b.abbreviation ? a.time : `${a.time} ${a.abbreviation}`;
  const last = dayA === dayB ? b.time : `${dayB} · ${b.time}`;
  return `${dayA} · ${first} – ${last} ${b.abbreviation}`;
}

/** The abbreviation for a whole training: 'PST', or the generic 'PT' when it spans a daylight-saving change. */
export function trainingZoneAbbreviation(start: Instant, end: Instant, zone: string): string {
  const [a, b] = [timeParts(start, zone).abbreviation, timeParts(end, zone).abbreviation];
  if (a === b) return a;
  const generic = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortGeneric' });
  return generic.formatToParts(toDate(start)).find((p) => p.type === 'timeZoneName')?.value ?? a;
}
