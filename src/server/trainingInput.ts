import { TrainingInputSchema, type Training, type TrainingInput, type TrainingPatch } from '../domain/training';
import * as trainers from '../data/trainers';
import { HttpError, validationError } from './http';

/** A training must name an existing trainer: a 400 on the field, not a foreign-key 500. */
export async function ensureTrainerExists(trainerId: string): Promise<void> {
  if (!(await trainers.findById(trainerId))) {
    throw new HttpError(400, 'Invalid input', { trainerId: ['Trainer not found'] });
  }
}

/** A PATCH carries some fields: merged over the stored row, the whole is checked again (end after start…). */
export async function mergeTrainingPatch(existing: Training, patch: TrainingPatch): Promise<TrainingInput> {
  const { id: _id, createdAt: _c, updatedAt: _u, timeZone, ...stored } = existing;
  // A new state sent without a zone (a caller that knows no zones) moves the training to that state's zone.
  const keepZone = patch.state === undefined || patch.state === existing.state;
  const result = TrainingInputSchema.safeParse({ ...stored, ...(keepZone ? { timeZone } : {}), ...patch });
  if (!result.success) throw validationError(result.error);
  if (patch.trainerId && patch.trainerId !== existing.trainerId) await ensureTrainerExists(patch.trainerId);
  return result.data;
}
