import { z } from 'zod';
import { NEARBY_MESSAGES, POSTAL_CODE } from './nearby';

/**
 * Where an in-person or hybrid training is, for "Near me" (docs/product.md, Near me). All optional:
 * a body from before they existed is still valid. The server fills latitude and longitude from the
 * ZIP code (services/trainingPosition.ts) unless an admin sets them by hand, for a venue far from its
 * ZIP code's centre.
 */
const coordinate = (limit: number, message: string) =>
  z
    .number({ error: message })
    .min(-limit, { error: message })
    .max(limit, { error: message })
    .nullish()
    .transform((v) => v ?? null);

export const positionFields = {
  postalCode: z
    .string({ error: NEARBY_MESSAGES.postalCode })
    .trim()
    .refine((text) => text === '' || POSTAL_CODE.test(text), { error: NEARBY_MESSAGES.postalCode })
    .nullish()
    .transform((text) => text || null),
  latitude: coordinate(90, NEARBY_MESSAGES.latitude),
  longitude: coordinate(180, NEARBY_MESSAGES.longitude),
};
