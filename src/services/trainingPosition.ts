import { NEARBY_MESSAGES, hasPlace } from '../domain/nearMe/nearby';
import type { TrainingInput } from '../domain/training';
import { InvalidInputError } from './errors';
import { lookupZip } from '../data/zipTable';

type Located = Pick<TrainingInput, 'format' | 'postalCode' | 'latitude' | 'longitude'>;

/**
 * The position a training is saved with (docs/product.md, Near me): a hand-set latitude and
 * longitude win (a venue far from its ZIP code's centre), else the ZIP code's; a virtual training
 * has none. An unknown ZIP code is refused on its field even when the position is set by hand.
 */
export async function withPosition<T extends Located>(input: T): Promise<T> {
  const { postalCode, latitude, longitude } = input;
  const zip = postalCode ? await lookupZip(postalCode) : null;
  if (postalCode && !zip)
    throw new InvalidInputError('Invalid input', { postalCode: [NEARBY_MESSAGES.unknownPostalCode] });
  if ((latitude === null) !== (longitude === null)) {
    const field = latitude === null ? 'latitude' : 'longitude';
    throw new InvalidInputError('Invalid input', { [field]: [NEARBY_MESSAGES.bothOrNeither] });
  }
  if (!hasPlace(input.format)) return { ...input, latitude: null, longitude: null };
  if (latitude !== null) return input;
  return { ...input, latitude: zip?.latitude ?? null, longitude: zip?.longitude ?? null };
}

/**
 * A stored position came from the old ZIP code unless the change sets one: a new ZIP code without a
 * position is placed anew.
 */
export function keepsPosition(before: Located, patch: Partial<Located>): boolean {
  const movedZip = patch.postalCode !== undefined && patch.postalCode !== before.postalCode;
  return !movedZip || patch.latitude !== undefined || patch.longitude !== undefined;
}

/**
 * A stored training with its ZIP code's place name ("Sacramento, CA") and whether its position was
 * set by hand (it is not its ZIP code's), for the admin form: it shows the place under the ZIP code
 * and only a hand-set position in the Latitude and Longitude fields. Looked up here so the ZIP table
 * stays on the server.
 */
export async function withPostalPlace<T extends Pick<Located, 'postalCode' | 'latitude' | 'longitude'>>(
  training: T,
): Promise<T & { postalPlace: string | null; positionByHand: boolean }> {
  const zip = training.postalCode ? await lookupZip(training.postalCode) : null;
  const positionByHand =
    training.latitude !== null && (!zip || zip.latitude !== training.latitude || zip.longitude !== training.longitude);
  return { ...training, postalPlace: zip?.place ?? null, positionByHand };
}

/** A ZIP code's place name ("Sacramento, CA"), or null when the table does not know it. */
export async function postalPlace(zip: string): Promise<string | null> {
  return (await lookupZip(zip))?.place ?? null;
}
