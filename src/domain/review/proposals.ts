import { z } from 'zod';
import { TrainingInputSchema, TrainingPatchSchema } from '../training';
import { TrainerPatchSchema } from '../trainers/trainer';
import { OfferingInputSchema } from '../consultation/offering';
import type { SubmissionKind } from './review';

/**
 * What a submission proposes, typed by the record's own schema (docs/decisions/0037-one-write-path.md).
 * A partner's new training proposes the whole training; an edit only the fields that wait for review;
 * a delete request nothing. Stored as JSON and parsed back with the same schema, so a stored proposal
 * is the record's type again (its dates Dates), never an untyped object.
 */
export const PROPOSAL_SCHEMAS = {
  training_create: TrainingInputSchema,
  training_edit: TrainingPatchSchema,
  trainer_edit: TrainerPatchSchema,
  training_delete: z.strictObject({}),
  // An offering's proposal is the whole offering as it would be: every field of it waits for review.
  offering_create: OfferingInputSchema,
  offering_edit: OfferingInputSchema,
  offering_delete: z.strictObject({}),
} as const satisfies Record<SubmissionKind, z.ZodType>;

export type ProposalOf<K extends SubmissionKind> = z.output<(typeof PROPOSAL_SCHEMAS)[K]>;

/** A stored proposal as its record's type; a proposal the schema refuses is a fault of the stored data. */
export function parseProposal<K extends SubmissionKind>(kind: K, stored: unknown): ProposalOf<K> {
  const parsed = PROPOSAL_SCHEMAS[kind].safeParse(stored);
  // Not a 400: the caller sent nothing wrong. Thrown as an internal error, logged with the fields.
  if (!parsed.success) throw new Error(`A stored ${kind} proposal does not match its schema: ${parsed.error.message}`);
  return parsed.data as ProposalOf<K>;
}
