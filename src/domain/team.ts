import { z } from 'zod';
import { AdminEmailSchema, NewPasswordSchema } from './credentials';
import { INVITABLE_ROLES, TEAM_MEMBER_ROLES } from './roles';

/**
 * The team's API bodies and rules (docs/product.md, The team), one schema each for the Team page,
 * the API and the tests.
 */

/** An invitation link works for 72 hours, once. */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

export const InvitationInputSchema = z.strictObject({
  email: AdminEmailSchema,
  role: z.enum(INVITABLE_ROLES, { error: 'Choose Admin or Editor' }),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;

export const AcceptInvitationSchema = z.strictObject({ password: NewPasswordSchema });

export const RoleChangeSchema = z.strictObject({
  role: z.enum(TEAM_MEMBER_ROLES, { error: 'Choose Owner, Admin or Editor' }),
});

/** The link's token: 32 random bytes, base64url. Anything else is an unknown link. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const LAST_OWNER_MESSAGE =
  'The site needs an owner: hand ownership to another member first (set their role to Owner)';
