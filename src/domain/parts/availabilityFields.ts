import { z } from 'zod';
import { optionalText } from '../fields';
import { AVAILABILITIES, DEFAULT_AVAILABILITY, type Availability } from './availability';

/** The availability fields as the admin API and the form accept them (docs/product.md, Availability). */
export const AVAILABILITY_MESSAGES = {
  availability: `Choose one of ${AVAILABILITIES.map((a) => a.value).join(', ')}`,
  seatsLeft: 'Seats left must be a whole number, 0 or more',
  waitlistUrl: 'The waitlist address must start with https://',
} as const;

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Spread into the training schema; absent is open, with no count and no waitlist. */
export const availabilityFields = {
  availability: z
    .union([z.enum(AVAILABILITIES.map((a) => a.value) as [Availability, ...Availability[]]), z.literal('')], {
      error: AVAILABILITY_MESSAGES.availability,
    })
    .nullish()
    .transform((v): Availability => v || DEFAULT_AVAILABILITY),
  seatsLeft: z
    .number({ error: AVAILABILITY_MESSAGES.seatsLeft })
    .int({ error: AVAILABILITY_MESSAGES.seatsLeft })
    .min(0, { error: AVAILABILITY_MESSAGES.seatsLeft })
    .max(100_000, { error: AVAILABILITY_MESSAGES.seatsLeft })
    .nullish()
    .transform((v) => v ?? null),
  waitlistUrl: optionalText(2000).refine((v) => v === null || isHttps(v), { error: AVAILABILITY_MESSAGES.waitlistUrl }),
};
