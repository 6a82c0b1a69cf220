import { DATE_RANGES, dateRangeWindow, startsIn } from './dateRanges';
import { FORMATS, ONLINE_FORMAT, formatMatches } from '../formats';
import { instant } from './publicListing';
import { ceCodes } from './filterQuery';
import {
  CE_BODY_CODES,
  PROGRAM_TYPES,
  isFullCostDisclosed,
  totalCost,
  type ProgramFacts,
} from '../trainingFacts/programFacts';
import type { ListingView } from './listingView';
import { hasSeats } from '../parts/availability';
import { DEFAULT_RADIUS, hasPlace, milesBetween, roundMiles, type Position } from '../nearMe/nearby';
import type { Eligibility } from '../trainingFacts/eligibility';
import { whoBit, whoBits, whoCounter, type WhoBits } from './listingWho';
import { sortMatches } from './listingOrder';
import { emptyResultHelp, type EmptyResultHelp } from './emptyResultHelp';

/**
 * One answer of the public list: the page of matches in the chosen order, how many match in all,
 * and how many each filter option would leave given the other filters ("California (12)"). The API
 * and the built pages both call this, over the same public listing, so their numbers agree.
 */
export interface ListingEntry extends WhoBits {
  state: string | null;
  format: string;
  start: number;
  end: number;
  price: number;
  created: number;
  /** searchableText() of the training: lower-cased title, description, location, venue, trainer. */
  haystack: string;
  /** The approving bodies as bits, in CE_BODY_CODES order. */
  ce: number;
  type: string | null;
  lang: string;
  /** The total cost's maximum (tuition when the consultation is included or not stated). */
  totalMax: number;
  disclosed: boolean;
  /** Not sold out, cancelled or postponed ("Seats available"). */
  seats: boolean;
  /** Where it is, for Near me; null when virtual or not placed. */
  position: Position | null;
  virtual: boolean;
}

export interface FilterCounts {
  state: Record<string, number>;
  format: Record<string, number>;
  dateRange: Record<string, number>;
  ce: Record<string, number>;
  type: Record<string, number>;
  lang: Record<string, number>;
  /** How many of the matches have seats: what "Seats available" would leave. */
  available: number;
  /** Per "I am a …" choice (ADR 0045): the trainings it would keep, those stating nothing included. */
  license: Record<string, number>;
  /** How many of the matches need no Basic Training first: what "I can take now" would leave. */
  prereq: number;
  /**
   * Online (Virtual or Hybrid) trainings the other filters leave, in any state and at any distance:
   * what the empty result offers (docs/product.md, Empty result). Optional for answers made before it.
   */
  online?: number;
  /** With no match: what the empty result offers instead (emptyResultHelp.ts). */
  help?: EmptyResultHelp;
}

const ceBits = (codes: readonly string[]) =>
  codes.reduce((bits, code) => bits | (1 << (CE_BODY_CODES as readonly string[]).indexOf(code)), 0);

export interface ListingResult {
  /** Positions in the entries array, for this page, in order. */
  indices: number[];
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
  counts: FilterCounts;
  /** With a `near` origin: each listed row's distance in miles (one decimal), null for a virtual one. */
  distances: (number | null)[] | null;
  /** With a `license` filter: whether each listed row is kept only because it states nothing. */
  notStated: boolean[] | null;
}

export function listingEntry(
  t: ProgramFacts & {
    state: string | null;
    format: string;
    startDate: Date | string;
    endDate: Date | string;
    createdAt: Date | string;
    language: string;
    availability?: string;
    latitude?: number | null;
    longitude?: number | null;
  } & Partial<Pick<Eligibility, 'eligibleLicenses' | 'students' | 'prerequisite'>>,
  haystack: string,
): ListingEntry {
  return {
    state: t.state,
    format: t.format,
    start: instant(t.startDate),
    end: instant(t.endDate),
    price: t.price,
    created: instant(t.createdAt),
    haystack,
    ce: ceBits(t.ceApprovals.map((a) => a.body)),
    type: t.programType,
    lang: t.language,
    totalMax: totalCost(t).max,
    disclosed: isFullCostDisclosed(t),
    seats: hasSeats(t.availability),
    position:
      hasPlace(t.format) && t.latitude != null && t.longitude != null
        ? { latitude: t.latitude, longitude: t.longitude }
        : null,
    virtual: !hasPlace(t.format),
    ...whoBits(t),
  };
}

/**
 * `entries` are in the public listing's order (soonest first), which breaks every tie. `candidates`
 * narrows the rows a search must look at (the trigram index); null means all of them. `origin` is
 * the place `filters.near` names (the server resolves a ZIP code); without it there is no radius.
 */
export function queryListing(
  entries: readonly ListingEntry[],
  view: ListingView,
  now: Date,
  candidates: readonly number[] | null = null,
  origin: Position | null = null,
): ListingResult {
  const { filters } = view;
  const windows = DATE_RANGES.map((r) => dateRangeWindow(r.value, now));
  const chosen = filters.dateRange ? windows[DATE_RANGES.findIndex((r) => r.value === filters.dateRange)]! : null;
  const needle = filters.search.trim().toLowerCase();
  const ceWanted = filters.ce ? ceBits(ceCodes(filters.ce)) : 0;
  const priceMax = filters.priceMax ? Number(filters.priceMax) : Infinity;
  const who = whoBit(filters.license);
  const counts = emptyCounts();
  const licenses = whoCounter();
  // Trainings kept by "I am a …" only because they state nothing come after the others.
  const unstated = who ? new Set<number>() : null;
  const matches: number[] = [];
  const nowMs = now.getTime();
  // Near me (docs/product.md): the radius narrows everything, the counts included.
  const near = origin && filters.near ? origin : null;
  const radius = Number(filters.radius || DEFAULT_RADIUS);
  const miles = new Map<number, number>();
  let online = 0;
  const scan = candidates ?? entries.keys();
  for (const i of scan) {
    const e = entries[i]!;
    if (e.end <= nowMs || (needle && !e.haystack.includes(needle))) continue;
    // Filters without counts narrow everything, the counts included.
    if (e.totalMax > priceMax || (filters.disclosed && !e.disclosed)) continue;
    const stateOk = !filters.state || e.state === filters.state;
    const formatOk = !filters.format || formatMatches(e.format, filters.format);
    const dateOk = !chosen || startsIn(e.start, chosen);
    const ceOk = !ceWanted || (e.ce & ceWanted) !== 0;
    const typeOk = !filters.type || e.type === filters.type;
    const langOk = !filters.lang || e.lang === filters.lang;
    const whoOk = !who || (e.kept & who) !== 0;
    // Each option's count is what it would leave given the other filters.
    const factsOk = ceOk && typeOk && langOk && whoOk;
    const whereOk = stateOk && formatOk && dateOk;
    const canTake = !e.needsBasic;
    const seatsOk = !(filters.available && !e.seats) && !(filters.prereq && !canTake);
    // Where and how far do not matter online: counted before the radius narrows.
    if (seatsOk && dateOk && factsOk && formatMatches(e.format, ONLINE_FORMAT)) online++;
    if (near) {
      const d = e.position ? milesBetween(near, e.position) : Infinity;
      if (d <= radius) miles.set(i, d);
      else if (!(e.virtual && filters.includeVirtual)) continue;
    }
    if (whereOk && factsOk && e.seats && (canTake || !filters.prereq)) counts.available++;
    if (whereOk && factsOk && canTake && (e.seats || !filters.available)) counts.prereq++;
    // "Seats available" and "I can take now" narrow every other count, as the filters without counts do.
    if (!seatsOk) continue;
    if (formatOk && dateOk && factsOk && e.state) counts.state[e.state] = (counts.state[e.state] ?? 0) + 1;
    if (stateOk && dateOk && factsOk) for (const f of FORMATS) if (formatMatches(e.format, f)) counts.format[f]!++;
    if (stateOk && formatOk && factsOk)
      DATE_RANGES.forEach((r, k) => startsIn(e.start, windows[k]!) && counts.dateRange[r.value]!++);
    if (whereOk && typeOk && langOk && whoOk && e.ce)
      CE_BODY_CODES.forEach((code, bit) => e.ce & (1 << bit) && counts.ce[code]!++);
    if (whereOk && ceOk && langOk && whoOk && e.type) counts.type[e.type] = (counts.type[e.type] ?? 0) + 1;
    if (whereOk && ceOk && typeOk && whoOk) counts.lang[e.lang] = (counts.lang[e.lang] ?? 0) + 1;
    if (whereOk && ceOk && typeOk && langOk) licenses.add(e.kept);
    if (!(whereOk && factsOk)) continue;
    matches.push(i);
    if (unstated && !(e.named & who)) unstated.add(i);
  }
  counts.license = licenses.finish();
  counts.online = online;
  if (matches.length === 0) counts.help = emptyResultHelp(filters, counts);
  sortMatches(matches, entries, view.sort, near ? miles : null, candidates !== null, unstated);
  const pageCount = Math.max(1, Math.ceil(matches.length / view.limit));
  const page = Math.min(view.page, pageCount);
  const from = (page - 1) * view.limit;
  const indices = matches.slice(from, from + view.limit);
  const distances = near ? indices.map((i) => (miles.has(i) ? roundMiles(miles.get(i)!) : null)) : null;
  const notStated = unstated ? indices.map((i) => unstated.has(i)) : null;
  return { indices, total: matches.length, page, pageCount, counts, distances, notStated };
}

function emptyCounts(): FilterCounts {
  return {
    state: {},
    format: Object.fromEntries(FORMATS.map((f) => [f, 0])),
    dateRange: Object.fromEntries(DATE_RANGES.map((r) => [r.value, 0])),
    ce: Object.fromEntries(CE_BODY_CODES.map((code) => [code, 0])),
    type: Object.fromEntries(PROGRAM_TYPES.map((t) => [t.value, 0])),
    lang: {},
    available: 0,
    license: {},
    prereq: 0,
  };
}
