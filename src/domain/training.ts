import { z } from 'zod';
import { FORMATS } from './formats';
import { STATE_CODES } from './states';
import { LIMITS, optionalText, requiredText, requiredUrl } from './fields';
import { SCHEDULE_MESSAGE, isValidScheduleText } from './parts/schedule';
import { DEFAULT_TIME_ZONE, TIME_ZONE_IDS, TIME_ZONE_MESSAGE, zoneForState } from './time/timeZones';
import { wallClockToInstant } from './time/zonedTime';
import { programFields } from './trainingFacts/programFields';
import { totalCost, type TotalCost } from './trainingFacts/programFacts';
import { PartsSchema, datesFromParts, inParts } from './parts/partFields';
import { availabilityFields } from './parts/availabilityFields';
import { positionFields } from './nearMe/positionFields';
import { checkEligibility, eligibilityFields, withoutUnusedEligibilityText } from './trainingFacts/eligibilityFields';

export const TRAINING_MESSAGES = {
  trainerId: 'Trainer is required',
  title: 'Training title is required',
  description: 'Description is required',
  price: 'Price must be a whole number of dollars, 0 or more',
  ceCredits: 'CE credits must be a whole number, 0 or more',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  invalidDate: 'Enter a valid date and time',
  endBeforeStart: 'End date must not be before the start date',
  location: 'Location is required',
  format: 'Choose In-Person, Virtual or Hybrid',
  state: 'Choose one of the 50 US states',
  thinkificUrl: 'Thinkific registration URL is required',
} as const;

// A date-time without an offset ('2027-03-06T09:00', what the form's pickers give) is a wall-clock
// time in the training's own zone: it becomes an instant once the zone is known (TrainingInputSchema).
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

/**
 * A date or date string (docs/product.md); empty is 'Start date is required'. Strings with an offset or `Z`
 * become a Date here; wall-clock strings stay text until the training's zone turns them into one.
 */
function dateField(requiredMessage: string) {
  return z
    .union([z.date(), z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage })], {
      error: requiredMessage,
    })
    .transform((value, ctx): Date | string => {
      const wallClock = typeof value === 'string' && WALL_CLOCK.test(value);
      const ok = wallClock ? wallClockToInstant(value, DEFAULT_TIME_ZONE) !== null : true;
      const date = wallClock ? null : value instanceof Date ? value : new Date(value);
      if (!ok || (date && Number.isNaN(date.getTime()))) {
        ctx.addIssue({ code: 'custom', message: TRAINING_MESSAGES.invalidDate });
        return z.NEVER;
      }
      return date ?? value;
    });
}

function wholeNumber(message: string) {
  return z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(10_000_000, {
    error: message,
  });
}

/** Fields of a training as the admin API accepts them; unknown keys are refused. */
export const TrainingFieldsSchema = z.strictObject({
  trainerId: z.uuid({ error: TRAINING_MESSAGES.trainerId }),
  title: requiredText(TRAINING_MESSAGES.title),
  description: requiredText(TRAINING_MESSAGES.description, LIMITS.long),
  price: wholeNumber(TRAINING_MESSAGES.price),
  startDate: dateField(TRAINING_MESSAGES.startDate),
  endDate: dateField(TRAINING_MESSAGES.endDate),
  location: requiredText(TRAINING_MESSAGES.location),
  venue: optionalText(),
  format: z.enum(FORMATS, { error: TRAINING_MESSAGES.format }),
  state: z
    .union([z.enum(STATE_CODES as [string, ...string[]], { error: TRAINING_MESSAGES.state }), z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null)),
  isEMDRIACertified: z.boolean().default(false),
  ceCredits: wholeNumber(TRAINING_MESSAGES.ceCredits).default(0),
  schedule: optionalText(LIMITS.long).refine((text) => text === null || isValidScheduleText(text), {
    error: SCHEDULE_MESSAGE,
  }),
  refundPolicy: optionalText(LIMITS.long),
  thinkificUrl: requiredUrl(TRAINING_MESSAGES.thinkificUrl),
  isPublished: z.boolean().default(true),
  // Optional so callers written before zones existed keep working: absent or empty means the state's zone.
  timeZone: z
    .union([z.enum(TIME_ZONE_IDS, { error: TIME_ZONE_MESSAGE }), z.literal('')], { error: TIME_ZONE_MESSAGE })
    .optional()
    .transform((value) => value || undefined),
  ...programFields,
  // Who can attend (ADR 0045): absent states nothing, as before they existed.
  ...eligibilityFields,
  // Parts and availability (docs/product.md): absent is no parts and open, as before they existed.
  parts: PartsSchema,
  ...availabilityFields,
  // Near me (docs/product.md): absent is no ZIP code and no position, as before they existed.
  ...positionFields,
});

type Fields = z.output<typeof TrainingFieldsSchema>;

/** The zone (given, or the state's) and the dates as exact instants in it. */
export function inTimeZone<T extends Pick<Fields, 'timeZone' | 'startDate' | 'endDate' | 'state'>>({
  timeZone,
  startDate,
  endDate,
  ...rest
}: T) {
  const zone = timeZone ?? zoneForState(rest.state);
  // Wall-clock text was checked by dateField, so it always converts.
  const instant = (value: Date | string) =>
    value instanceof Date ? value : new Date(wallClockToInstant(value, zone)!);
  return { ...rest, timeZone: zone, startDate: instant(startDate), endDate: instant(endDate) };
}

export function endNotBeforeStart(value: { startDate: unknown; endDate: unknown }, ctx: z.RefinementCtx) {
  // zod 4 runs refinements even when a field already failed: only compare two real dates.
  const { startDate, endDate } = value;
  if (startDate instanceof Date && endDate instanceof Date && endDate.getTime() < startDate.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: TRAINING_MESSAGES.endBeforeStart });
  }
}

/**
 * Create and full update (docs/product.md); a body without a time zone gets its state's zone. With
 * parts, the training's dates are derived from them (partFields.ts): they may be left out.
 */
export const TrainingInputSchema = z
  .preprocess(datesFromParts, TrainingFieldsSchema)
  .transform(inTimeZone)
  .transform(inParts)
  .superRefine(endNotBeforeStart)
  .superRefine(checkEligibility)
  .transform(withoutUnusedEligibilityText);

/**
 * PATCH may carry only some fields (e.g. `{isPublished}` for the toggle); merged over the stored row,
 * then checked whole. An absent field stays absent: zod 4 would fill a default into an optional
 * field, and the toggle would reset the CE credits and the certification.
 */
export const TrainingPatchSchema = TrainingFieldsSchema.extend({
  isEMDRIACertified: z.boolean().optional(),
  ceCredits: wholeNumber(TRAINING_MESSAGES.ceCredits).optional(),
  isPublished: z.boolean().optional(),
}).partial();
export type TrainingPatch = z.output<typeof TrainingPatchSchema>;

export type TrainingFormValues = z.input<typeof TrainingFieldsSchema>;
export type TrainingInput = z.output<typeof TrainingInputSchema>;

/** A training as stored and as the API returns it. */
export interface Training extends TrainingInput {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  /** Raised by the database on every update (the calendar's SEQUENCE). */
  revision: number;
  /** When someone last said "These details are current" (docs/product.md, Trust); not an input field. */
  detailsConfirmedAt?: Date | null;
}

/** The public list carries the trainer's name and photo per training (docs/product.md). */
export interface PublicTraining extends Training {
  trainer: { name: string; photo: string | null } | null;
}

/** A training as the API answers it: its stored fields and the total cost derived from them. */
export function withTotalCost<T extends TrainingInput>(t: T): T & { totalCost: TotalCost } {
  return { ...t, totalCost: totalCost(t) };
}
