import { z } from 'zod';
import { FORMATS, FORMAT_MAX_LENGTH } from './formats';
import { STATE_CODES } from './states';
import { LIMITS, optionalText, requiredText, requiredUrl } from './fields';
import { SCHEDULE_MESSAGE, isValidScheduleText } from './schedule';

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

/** A date or date string, converted to a Date (SPEC §3); empty is 'Start date is required'. */
function dateField(requiredMessage: string) {
  return z
    .union([z.date(), z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage })], {
      error: requiredMessage,
    })
    .transform((value, ctx) => {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: TRAINING_MESSAGES.invalidDate });
        return z.NEVER;
      }
      return date;
    });
}

function wholeNumber(message: string) {
  return z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(10_000_000, {
    error: message,
  });
}

/** Fields of a training as the admin API accepts them; unknown keys are refused (issue 7). */
export const TrainingFieldsSchema = z.strictObject({
  trainerId: z.uuid({ error: TRAINING_MESSAGES.trainerId }),
  title: requiredText(TRAINING_MESSAGES.title),
  description: requiredText(TRAINING_MESSAGES.description, LIMITS.long),
  price: wholeNumber(TRAINING_MESSAGES.price),
  startDate: dateField(TRAINING_MESSAGES.startDate),
  endDate: dateField(TRAINING_MESSAGES.endDate),
  location: requiredText(TRAINING_MESSAGES.location),
  venue: optionalText(),
  format: z.enum(FORMATS, { error: TRAINING_MESSAGES.format }).refine((f) => f.length <= FORMAT_MAX_LENGTH),
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
});

function endNotBeforeStart(value: { startDate: unknown; endDate: unknown }, ctx: z.RefinementCtx) {
  // zod 4 runs refinements even when a field already failed: only compare two real dates.
  const { startDate, endDate } = value;
  if (startDate instanceof Date && endDate instanceof Date && endDate.getTime() < startDate.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: TRAINING_MESSAGES.endBeforeStart });
  }
}

/** Create and full update (SPEC §7 POST/PATCH). */
export const TrainingInputSchema = TrainingFieldsSchema.superRefine(endNotBeforeStart);

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

export type TrainingFormValues = z.input<typeof TrainingInputSchema>;
export type TrainingInput = z.output<typeof TrainingInputSchema>;

/** A training as stored and as the API returns it. */
export interface Training extends TrainingInput {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The public list carries the trainer's name and photo per training (SPEC §3). */
export interface PublicTraining extends Training {
  trainer: { name: string; photo: string | null } | null;
}
