import type { TimeZoneId } from '../time/timeZones';
import type { TrainingFormat } from '../formats';

/**
 * A program in parts (docs/product.md, Parts): an EMDR Basic Training is usually a Part 1 and a
 * Part 2, weeks apart, each with its own dates and possibly its own place, format and zone. Zod-free
 * rules shared by the page, the card projection, the JSON-LD and the calendar; the schema is in
 * partFields.ts.
 */
export const MAX_PARTS = 6;

/** A part as stored: instants as ISO text; an absent field is the training's own. */
export interface TrainingPart {
  label: string | null;
  startDate: string;
  endDate: string;
  timeZone: TimeZoneId | null;
  format: TrainingFormat | null;
  location: string | null;
  venue: string | null;
}

/** What a part inherits from its training. */
export interface PartsOwner {
  timeZone: string;
  format: string;
  location: string;
  venue: string | null;
  parts?: readonly TrainingPart[] | null;
}

/** A part with every field decided: its own, or the training's. */
export interface ShownPart {
  /** 1-based place in start order ("Part 1"). */
  number: number;
  label: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  format: string;
  location: string;
  venue: string | null;
}

export const partLabel = (label: string | null | undefined, number: number) => label || `Part ${number}`;

/**
 * The parts with their defaults applied. A part that names its own location does not take the
 * training's venue: the venue belongs to the training's location, not to another city.
 */
export function shownParts(t: PartsOwner): ShownPart[] {
  return (t.parts ?? []).map((p, i) => ({
    number: i + 1,
    label: partLabel(p.label, i + 1),
    startDate: p.startDate,
    endDate: p.endDate,
    timeZone: p.timeZone ?? t.timeZone,
    format: p.format ?? t.format,
    location: p.location ?? t.location,
    venue: p.location ? p.venue : (p.venue ?? t.venue),
  }));
}

/** "2 parts" */
export const partsCountText = (n: number) => `${n} part${n === 1 ? '' : 's'}`;
