import { FORMATS, formatMatches } from '../formats';
import { hasSeats } from '../parts/availability';
import { DEFAULT_RADIUS, hasPlace, milesBetween, roundMiles, type Position } from '../nearMe/nearby';
import { DEFAULT_TIME_ZONE } from '../time/timeZones';
import { GOAL_VALUES, levelOf, type Goal } from './consultationFacts';
import { TIMES_OF_DAY, WEEKDAY_VALUES, dayCodes, type OfferingView } from './offeringFilters';
import { pricePerHour, type PriceFacts } from './offeringPrice';
import { expandSessions } from './recurrence';
import { clockOf } from './sessionTimes';

/**
 * One answer of the public consultation list (docs/product.md, Consultation): the page of matches in
 * the chosen order, how many match, and how many each option of toward, kind, format, language and
 * level would leave given the other filters. Like the trainings' (listing/listingQuery.ts) it runs
 * in memory over entries made once per publish; the API and the built pages call it alike.
 */
export interface OfferingEntry {
  goals: readonly Goal[];
  kind: string;
  format: string;
  lang: string;
  level: string | null;
  /** Each session's start and end (epoch ms); empty when the times are arranged. */
  starts: readonly number[];
  ends: readonly number[];
  /** The price of an hour, derived; null when the stated facts do not give it. */
  perHour: number | null;
  seats: boolean;
  position: Position | null;
  virtual: boolean;
  /** The trainings that designate the consultant for this offering. */
  trainings: readonly string[];
}

export function offeringEntry(
  o: PriceFacts & {
    countsToward: readonly Goal[];
    format: string;
    language: string;
    consultantCredential: string;
    availability: string;
    seatsLeft: number | null;
    latitude: number | null;
    longitude: number | null;
    designations: readonly { trainingId: string | null }[];
  },
): OfferingEntry {
  const sessions = expandSessions(o);
  return {
    goals: o.countsToward,
    kind: o.kind,
    format: o.format,
    lang: o.language,
    level: levelOf(o.consultantCredential),
    starts: sessions.map((s) => Date.parse(s.start)),
    ends: sessions.map((s) => Date.parse(s.end)),
    perHour: pricePerHour(o),
    seats: hasSeats(o.availability) && o.seatsLeft !== 0,
    position:
      hasPlace(o.format) && o.latitude !== null && o.longitude !== null
        ? { latitude: o.latitude, longitude: o.longitude }
        : null,
    virtual: !hasPlace(o.format),
    trainings: o.designations.flatMap((d) => (d.trainingId ? [d.trainingId] : [])),
  };
}

type Counted = 'toward' | 'kind' | 'format' | 'lang' | 'level';
export type OfferingCounts = Record<Counted, Record<string, number>>;

export interface OfferingResult {
  /** Positions in the entries array, for this page, in order. */
  indices: number[];
  total: number;
  page: number;
  pageCount: number;
  counts: OfferingCounts;
  /** With a `near` origin: each listed row's distance in miles (one decimal), null for an online one. */
  distances: (number | null)[] | null;
}

/** The index of the next session not over at `now`: -1 when all are over, 0 … for a series; null when arranged. */
function nextSession(e: OfferingEntry, nowMs: number): number | null {
  if (e.starts.length === 0) return null;
  return e.ends.findIndex((end) => end > nowMs);
}

export function queryOfferings(
  entries: readonly OfferingEntry[],
  view: OfferingView,
  now: Date,
  origin: Position | null = null,
): OfferingResult {
  const f = view.filters;
  const zone = f.tz || DEFAULT_TIME_ZONE;
  const days = new Set(dayCodes(f.day).map((d) => WEEKDAY_VALUES.indexOf(d as never) + 1));
  const time = TIMES_OF_DAY.find((t) => t.value === f.time);
  const priceMax = f.priceMax ? Number(f.priceMax) : Infinity;
  const near = origin && f.near ? origin : null;
  const radius = Number(f.radius || DEFAULT_RADIUS);
  const counts: OfferingCounts = { toward: {}, kind: {}, format: {}, lang: {}, level: {} };
  const add = (key: Counted, value: string) => (counts[key][value] = (counts[key][value] ?? 0) + 1);
  const matches: number[] = [];
  const miles = new Map<number, number>();
  const soonest = new Map<number, number>();
  const nowMs = now.getTime();
  entries.forEach((e, i) => {
    const next = nextSession(e, nowMs);
    if (next === -1) return;
    // Day and time on the visitor's clock, of the next session; arranged times suit any (ADR 0043).
    if (next !== null && (days.size > 0 || time)) {
      const clock = clockOf(e.starts[next]!, zone);
      if (days.size > 0 && !days.has(clock.weekday)) return;
      if (time && (clock.minutes < time.from || clock.minutes >= time.to)) return;
    }
    if ((e.perHour ?? Infinity) > priceMax || (f.seats && !e.seats)) return;
    if (f.training && !e.trainings.includes(f.training)) return;
    if (near) {
      const d = e.position ? milesBetween(near, e.position) : Infinity;
      if (d <= radius) miles.set(i, d);
      else if (!(e.virtual && f.includeVirtual)) return;
    }
    const ok: Record<Counted, boolean> = {
      toward: !f.toward || e.goals.includes(f.toward as Goal),
      kind: !f.kind || e.kind === f.kind,
      format: !f.format || formatMatches(e.format, f.format),
      lang: !f.lang || e.lang === f.lang,
      level: !f.level || e.level === f.level,
    };
    // Each option's count is what it would leave given the other filters.
    const others = (key: Counted) => (Object.keys(ok) as Counted[]).every((k) => k === key || ok[k]);
    if (others('toward')) GOAL_VALUES.forEach((g) => e.goals.includes(g) && add('toward', g));
    if (others('kind')) add('kind', e.kind);
    if (others('format')) FORMATS.forEach((x) => formatMatches(e.format, x) && add('format', x));
    if (others('lang')) add('lang', e.lang);
    if (others('level') && e.level) add('level', e.level);
    if (!Object.values(ok).every(Boolean)) return;
    matches.push(i);
    soonest.set(i, next === null ? Infinity : e.starts[next]!);
  });
  const far = (i: number) => miles.get(i) ?? Infinity;
  const key = (i: number) =>
    view.sort === 'price-asc' ? (entries[i]!.perHour ?? Infinity) : view.sort === 'distance' ? far(i) : soonest.get(i)!;
  // With a radius, those in range come first and the online ones after them.
  const inRange = (i: number) => (near ? +!miles.has(i) : 0);
  matches.sort((a, b) => inRange(a) - inRange(b) || key(a) - key(b) || soonest.get(a)! - soonest.get(b)! || a - b);
  const pageCount = Math.max(1, Math.ceil(matches.length / view.limit));
  const page = Math.min(view.page, pageCount);
  const indices = matches.slice((page - 1) * view.limit, page * view.limit);
  const distances = near ? indices.map((i) => (miles.has(i) ? roundMiles(miles.get(i)!) : null)) : null;
  return { indices, total: matches.length, page, pageCount, counts, distances };
}
