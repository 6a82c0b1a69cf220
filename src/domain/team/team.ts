import { z } from 'zod';
import { AdminEmailSchema, NewPasswordSchema } from './credentials';
import { INVITABLE_ROLES, TEAM_MEMBER_ROLES, type InvitationRole, type Role } from './roles';

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

/**
 * The team API's answers as the server makes them (services/team/team.ts); the browser reads them as
 * `Json<…>` of these (admin/team/teamTypes.ts).
 */
export interface TeamMember {
  id: string;
  email: string;
  role: Role;
  twoFactor: { totp: boolean; passkeys: number };
  lastSignInAt: Date | null;
}

export interface CreatedInvitation {
  id: string;
  url: string;
  expiresAt: Date;
  /** True when SMTP_URL is set and the mail is on its way; otherwise it is only in the outbox folder. */
  emailed: boolean;
}

export interface OpenInvitation {
  id: string;
  email: string;
  role: InvitationRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}
