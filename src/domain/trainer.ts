import { PHOTO_MESSAGES } from './photo';
import { z } from 'zod';
import { STATE_CODES, isStateCode } from './states';
import { LIMITS, optionalText, optionalUrl, requiredText } from './fields';

export const TRAINER_MESSAGES = {
  name: 'Name is required',
  bio: 'Bio is required',
  statesServed: 'Use two-letter US state codes separated by commas, e.g. CA, NY, TX',
} as const;

/** The form edits statesServed as one comma-separated string (docs/product.md): split, trim, drop empties, upper-case. */
export function parseStatesServed(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
}

export function formatStatesServed(states: readonly string[]): string {
  return states.join(', ');
}

/** Photo is an object path we issued, never an arbitrary URL. */
const photoPath = optionalText(LIMITS.url).refine(
  (value) => value === null || /^\/objects\/[\w.-]+$/.test(value) || /^https?:\/\//.test(value),
  {
    error: PHOTO_MESSAGES.notUploaded,
  },
);

/** States served: known codes, upper-cased, each once (the API takes a list, the form a text). */
const statesServedList = z
  .array(z.string().trim().toUpperCase(), { error: TRAINER_MESSAGES.statesServed })
  .max(STATE_CODES.length, { error: TRAINER_MESSAGES.statesServed })
  .refine((codes) => codes.every(isStateCode), { error: TRAINER_MESSAGES.statesServed })
  .transform((codes) => [...new Set(codes)]);

export const TrainerInputSchema = z.strictObject({
  name: requiredText(TRAINER_MESSAGES.name),
  bio: requiredText(TRAINER_MESSAGES.bio, LIMITS.long),
  credentials: optionalText(),
  photo: photoPath,
  website: optionalUrl(),
  thinkificAffiliateUrl: optionalUrl(),
  statesServed: statesServedList.default([]),
});

/** The admin form edits statesServed as one comma-separated string; the same rules apply after splitting. */
export const TrainerFormSchema = TrainerInputSchema.extend({
  statesServed: z.string().transform(parseStatesServed).pipe(statesServedList),
});
export type TrainerFormValues = z.input<typeof TrainerFormSchema>;

export type TrainerFormInput = z.input<typeof TrainerInputSchema>;
export type TrainerInput = z.output<typeof TrainerInputSchema>;

export interface Trainer extends TrainerInput {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What `GET /api/trainers/{id}` shows the public (docs/product.md). */
export type PublicTrainer = Pick<Trainer, 'id' | 'name' | 'bio' | 'website' | 'photo' | 'credentials'>;
