import { z } from 'zod';
import { AdminEmailSchema } from './credentials';

/**
 * Partner accounts' API bodies (docs/product.md, Partners): the invitation that names the trainer
 * profiles it links, the profiles a partner keeps, and the owner's trust. One schema each for the
 * trainer page's form, the API and the tests.
 */
export const PARTNER_MESSAGES = {
  trainerIds: 'Choose at least one trainer profile',
  unknownTrainer: 'Trainer not found',
  notFound: 'Partner not found',
} as const;

const trainerIdSchema = z.uuid({ error: PARTNER_MESSAGES.unknownTrainer });

export const PartnerInvitationSchema = z.strictObject({
  email: AdminEmailSchema,
  role: z.literal('partner'),
  trainerIds: z.array(trainerIdSchema, { error: PARTNER_MESSAGES.trainerIds }).min(1, PARTNER_MESSAGES.trainerIds),
});
export type PartnerInvitationInput = z.infer<typeof PartnerInvitationSchema>;

/** `PUT /api/admin/partners/{id}/trainers`: the whole set; none left ends the partner's sessions. */
export const PartnerTrainersSchema = z.strictObject({
  trainerIds: z.array(trainerIdSchema, { error: 'Give the trainer profiles as a list' }),
});

export const PartnerTrustSchema = z.strictObject({
  trusted: z.boolean({ error: 'Say true or false' }),
});

/** A partner account as the owner and admins see it. */
export interface PartnerAccount {
  id: string;
  email: string;
  trusted: boolean;
  trainerIds: string[];
  lastSignInAt: Date | null;
}
