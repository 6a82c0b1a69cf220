import * as trainers from '../../data/trainers';
import type { Tx } from '../../data/publishQueue';
import { TrainingInputSchema, type Training, type TrainingInput, type TrainingPatch } from '../../domain/training';
import { undisclosed } from '../../domain/trainingFacts/programFacts';
import { PROGRAM_MESSAGES } from '../../domain/trainingFacts/programFields';
import type { ChangeAction } from '../../domain/history/history';
import { keepsPosition, withPosition } from '../trainingPosition';
import { InvalidInputError, UndisclosedCostError } from '../errors';
import { assertTrainingTrainerInScope, type TrainerScope } from '../trainerScope';

/**
 * What a training save checks, once per save (docs/architecture.md, Where a listing is saved): the
 * schema over the merged record, its position, the full-cost disclosure rule and its trainer. The
 * same checks for the team, a partner at submission and a reviewer's approval.
 */

/** A training must name an existing trainer: a message on the field, not a foreign-key failure. */
async function ensureTrainerExists(tx: Tx, trainerId: string): Promise<void> {
  if (!(await trainers.lockById(tx, trainerId))) {
    throw new InvalidInputError('Invalid input', { trainerId: ['Trainer not found'] });
  }
}

const DISCLOSURE_MESSAGES = {
  consultation: PROGRAM_MESSAGES.needsConsultation,
  completionWindowMonths: PROGRAM_MESSAGES.needsCompletionWindow,
  refundPolicy: PROGRAM_MESSAGES.needsRefundPolicy,
} as const;

/** A Basic Training is listed only with its full cost disclosed; other programs publish as before. */
function ensureDisclosed(input: TrainingInput): void {
  if (!input.isPublished || input.programType !== 'basic') return;
  const missing = undisclosed(input);
  if (missing.length === 0) return;
  const fieldErrors = Object.fromEntries(missing.map((field) => [field, [DISCLOSURE_MESSAGES[field]]]));
  throw new UndisclosedCostError('A Basic Training is listed only with its full cost disclosed', fieldErrors);
}

/** The fields a training's form edits: everything of its input (not its id, versions or derived times). */
export function formOf(training: Training): TrainingInput {
  const { id: _i, createdAt: _c, updatedAt: _u, revision: _r, detailsConfirmedAt: _d, ...input } = training;
  return input;
}

/** Some fields merged over a stored row, and the whole checked again by the schema (end after start…). */
export function merge(existing: Training, patch: TrainingPatch): TrainingInput {
  const { timeZone, ...stored } = formOf(existing);
  // A new state sent without a zone (a caller that knows no zones) moves the training to that state's zone.
  const keepZone = patch.state === undefined || patch.state === existing.state;
  const place = keepsPosition(existing, patch) ? {} : { latitude: null, longitude: null };
  // A refusal is a zod error: the endpoint answers it as any invalid body (400 with field messages).
  return TrainingInputSchema.parse({ ...stored, ...(keepZone ? { timeZone } : {}), ...place, ...patch });
}

/**
 * A training as this save would store it, every check made: positioned, disclosed, and naming a
 * trainer that exists and that the member may reach (a changed trainer is locked: after the row).
 */
export async function checkedInput(
  tx: Tx,
  scope: TrainerScope,
  given: TrainingInput,
  storedTrainerId: string | null,
): Promise<TrainingInput> {
  // Another's trainer first: its 404 tells nothing about the rest of the input.
  const movesTrainer = given.trainerId !== storedTrainerId;
  if (movesTrainer) assertTrainingTrainerInScope(scope, given.trainerId);
  const input = await withPosition(given);
  ensureDisclosed(input);
  if (movesTrainer) await ensureTrainerExists(tx, input.trainerId);
  return input;
}

/** The fields of `input` named, as a patch. */
export function pick(input: TrainingInput, fields: readonly string[]): TrainingPatch {
  const record = input as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, record[field]]));
}

/** The toggle of the list sends only `{isPublished}` (docs/product.md): a publish or unpublish entry. */
export function actionOf(patch: TrainingPatch, before: Training): ChangeAction {
  const keys = Object.keys(patch);
  if (keys.length === 1 && keys[0] === 'isPublished' && patch.isPublished !== before.isPublished) {
    return patch.isPublished ? 'publish' : 'unpublish';
  }
  return 'update';
}
