import { PHOTO_MESSAGES } from './photo';
import { z } from 'zod';
import { STATE_CODES, isStateCode } from '../states';
import { LIMITS, optionalText, optionalUrl, requiredText } from '../fields';
import { SLUG_MAX_LENGTH, isSlug } from './trainerSlug';
import type { PublicCredential } from '../trust/credentialChecks';

export const TRAINER_MESSAGES = {
  name: 'Name is required',
  bio: 'Bio is required',
  statesServed: 'Use two-letter US state codes separated by commas, e.g. CA, NY, TX',
  slug: `Use lower-case letters, digits and single dashes (at most ${SLUG_MAX_LENGTH}), e.g. ana-lopez`,
  slugTaken: 'This address is already used by another trainer',
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

/** The page address: empty or absent makes one from the name (create) or keeps the current one (update). */
const slugField = z
  .string({ error: TRAINER_MESSAGES.slug })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || isSlug(value), { error: TRAINER_MESSAGES.slug })
  .nullish()
  .transform((value) => (value ? value : null));

export const TrainerInputSchema = z.strictObject({
  name: requiredText(TRAINER_MESSAGES.name),
  slug: slugField,
  bio: requiredText(TRAINER_MESSAGES.bio, LIMITS.long),
  credentials: optionalText(),
  photo: photoPath,
  website: optionalUrl(),
  thinkificAffiliateUrl: optionalUrl(),
  statesServed: statesServedList.default([]),
});

/**
 * Some of a trainer's fields (a partner's proposal holds only what it changes): an absent field stays
 * absent, where zod 4 would fill statesServed's default into an optional field.
 */
export const TrainerPatchSchema = TrainerInputSchema.extend({ statesServed: statesServedList.optional() }).partial();

/** The admin form edits statesServed as one comma-separated string; the same rules apply after splitting. */
export const TrainerFormSchema = TrainerInputSchema.extend({
  statesServed: z.string().transform(parseStatesServed).pipe(statesServedList),
});
export type TrainerFormValues = z.input<typeof TrainerFormSchema>;

export type TrainerFormInput = z.input<typeof TrainerInputSchema>;
/** Without a slug (or null), the database makes one from the name (db/migrations/00022_trainer_slugs.sql). */
export type TrainerInput = Omit<z.output<typeof TrainerInputSchema>, 'slug'> & { slug?: string | null };

export interface Trainer extends Omit<TrainerInput, 'slug'> {
  id: string;
  /** Always set once stored (docs/product.md, Trainer pages). */
  slug: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What `GET /api/trainers/{id}` shows the public (docs/product.md), with their verified credentials (Trust). */
export type PublicTrainer = Pick<Trainer, 'id' | 'slug' | 'name' | 'bio' | 'website' | 'photo' | 'credentials'> & {
  verified: PublicCredential[];
};
