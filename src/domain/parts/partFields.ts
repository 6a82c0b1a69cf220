import { z } from 'zod';
import { FORMATS } from '../formats';
import { optionalText } from '../fields';
import { TIME_ZONE_IDS, TIME_ZONE_MESSAGE } from '../time/timeZones';
import { wallClockToInstant } from '../time/zonedTime';
import { MAX_PARTS, partLabel, type TrainingPart } from './trainingParts';
import { parseSchedule } from './schedule';

/**
 * The parts' field as the admin API and the form accept it (docs/product.md, Parts), and the step
 * that turns them into stored parts and derives the training's dates from them. A training without
 * parts is untouched by either.
 */
export const PART_MESSAGES = {
  startDate: 'Start date is required',
  endDate: 'End date is required',
  invalidDate: 'Enter a valid date and time',
  endBeforeStart: 'End date must not be before the start date',
  format: 'Choose In-Person, Virtual or Hybrid',
  tooMany: `At most ${MAX_PARTS} parts`,
} as const;

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

/** A date, an ISO instant or wall-clock text (read in the part's zone later); checked here. */
const partDate = (required: string) =>
  z
    .union([z.date(), z.string({ error: required }).trim().min(1, { error: required })], { error: required })
    .refine(
      (v) =>
        typeof v === 'string' && WALL_CLOCK.test(v)
          ? wallClockToInstant(v, 'UTC') !== null
          : !Number.isNaN(new Date(v).getTime()),
      { error: PART_MESSAGES.invalidDate },
    );

const emptyIsNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal('')])
    .nullish()
    .transform((v) => (v ? (v as z.output<T>) : null));

export const PartSchema = z.strictObject({
  label: optionalText(60),
  startDate: partDate(PART_MESSAGES.startDate),
  endDate: partDate(PART_MESSAGES.endDate),
  timeZone: emptyIsNull(z.enum(TIME_ZONE_IDS, { error: TIME_ZONE_MESSAGE })),
  format: emptyIsNull(z.enum(FORMATS, { error: PART_MESSAGES.format })),
  location: optionalText(),
  venue: optionalText(),
});
export type PartInput = z.output<typeof PartSchema>;

export const PartsSchema = z
  .array(PartSchema, { error: 'Parts must be a list' })
  .max(MAX_PARTS, { error: PART_MESSAGES.tooMany })
  .nullish()
  .transform((list) => list ?? []);

const instantIn = (value: Date | string, zone: string) =>
  value instanceof Date ? value : new Date(WALL_CLOCK.test(value) ? wallClockToInstant(value, zone)! : value);

/**
 * With parts, the body's own dates may be absent: they are derived. The first part's values stand in
 * for them so the required-date checks pass; inParts replaces them with the exact ones.
 */
export function datesFromParts(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || !('parts' in raw) || !Array.isArray(raw.parts)) return raw;
  const first: unknown = raw.parts[0];
  if (!first || typeof first !== 'object') return raw;
  const body = raw as Record<string, unknown>;
  const part = first as Record<string, unknown>;
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return {
    ...body,
    ...(blank(body.startDate) && !blank(part.startDate) ? { startDate: part.startDate } : {}),
    ...(blank(body.endDate) && !blank(part.endDate) ? { endDate: part.endDate } : {}),
  };
}

/**
 * The parts as stored (instants in each part's zone, or the training's; kept in start order), and
 * with parts the training's start and end: the first part's start and the latest part end. A part
 * that ends before it starts is refused at its own row (`parts.1.endDate`).
 */
export function inParts<
  T extends { timeZone: string; startDate: Date; endDate: Date; parts: PartInput[]; schedule?: string | null },
>(value: T, ctx: z.RefinementCtx): Omit<T, 'parts'> & { parts: TrainingPart[] } {
  const parts = value.parts.map((p) => {
    const zone = p.timeZone ?? value.timeZone;
    return { ...p, start: instantIn(p.startDate, zone), end: instantIn(p.endDate, zone) };
  });
  parts.forEach((p, i) => {
    if (p.end.getTime() < p.start.getTime())
      ctx.addIssue({ code: 'custom', path: ['parts', i, 'endDate'], message: PART_MESSAGES.endBeforeStart });
  });
  if (parts.length === 0) return { ...value, parts: [] };
  const sorted = [...parts].sort((a, b) => a.start.getTime() - b.start.getTime());
  return {
    ...value,
    ...scheduleFollowingParts(value, parts, sorted),
    startDate: sorted[0]!.start,
    endDate: new Date(Math.max(...sorted.map((p) => p.end.getTime()))),
    parts: sorted.map(({ start, end, label, timeZone, format, location, venue }) => ({
      label,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      timeZone,
      format,
      location,
      venue,
    })),
  };
}

/**
 * A schedule day names its part by the part's label, and an unlabelled part's label is its place
 * ("Part 2"). Put in start order, such a part can change place: the days that named it follow it,
 * so a day entered under the second row of the form stays with that part. Nothing else changes.
 */
function scheduleFollowingParts<P extends { label?: string | null }>(
  value: { schedule?: string | null },
  entered: readonly P[],
  sorted: readonly P[],
): { schedule?: string | null } {
  const renamed = new Map<string, string>();
  sorted.forEach((part, place) => {
    const was = entered.indexOf(part);
    if (!part.label && was !== place) renamed.set(partLabel(null, was + 1), partLabel(null, place + 1));
  });
  if (renamed.size === 0 || typeof value.schedule !== 'string') return {};
  const days = parseSchedule(value.schedule);
  if (!days.some((day) => day.part && renamed.has(day.part))) return {};
  return {
    schedule: JSON.stringify(
      days.map((day) => (day.part && renamed.has(day.part) ? { ...day, part: renamed.get(day.part)! } : day)),
    ),
  };
}
