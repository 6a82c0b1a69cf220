/**
 * The team's roles and what each may do (docs/product.md, The team). One place for the rules: the
 * API guards (requireRole), the admin pages and the admin UI's navigation all read them here.
 *
 * - owner: everything, plus managing the team (members, invitations, ownership, the 2FA policy).
 *   Exactly one member is the owner.
 * - admin: everything except managing the team.
 * - editor: trainers, trainings, photos and reading the site's status and history.
 * - partner: a trainer's own account (docs/product.md, Partners): only the trainer profiles linked to
 *   it and their trainings, scoped below the routes (services/trainerScope.ts). Not one of the team.
 */
export const ROLES = ['owner', 'admin', 'editor', 'partner'] as const;
export type Role = (typeof ROLES)[number];

/** The site's own team: every role but partner. The Team page lists and assigns these. */
export const TEAM_MEMBER_ROLES = ['owner', 'admin', 'editor'] as const satisfies readonly Role[];

export const isPartner = (role: Role): boolean => role === 'partner';

/** The roles an invitation may give: ownership is handed over, never invited. */
export const INVITABLE_ROLES = ['admin', 'editor'] as const satisfies readonly Role[];
/** Every role an invitation link may carry: the team's invitable roles, and partner (docs/product.md, Partners). */
export const INVITATION_ROLES = [...INVITABLE_ROLES, 'partner'] as const satisfies readonly Role[];
export type InvitationRole = (typeof INVITATION_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  partner: 'Partner',
};

/** The 409 of an invitation to an address that has an open one of another role (docs/product.md, The team). */
export const openInvitationMessage = (openRole: Role): string =>
  `This address already has an open invitation as ${ROLE_LABELS[openRole].toLowerCase()}: withdraw it first to invite them in another role`;

/** Roles allowed on the team routes and the Team page. */
export const TEAM_ROLES = ['owner'] as const satisfies readonly Role[];
/** Roles allowed on site-wide operations beyond the listings (alert figures, mail, a full rebuild). */
export const SITE_ROLES = ['owner', 'admin'] as const satisfies readonly Role[];
/** The team's roles: trainers, trainings, photos, site status and history reads. */
const CONTENT_ROLES = TEAM_MEMBER_ROLES;
/**
 * The listing routes (trainers, trainings, photos, postal places, performance figures): the team and
 * partners, a partner scoped to their own trainer profiles below the routes (services/trainerScope.ts).
 */
export const LISTING_ROLES = [...TEAM_MEMBER_ROLES, 'partner'] as const satisfies readonly Role[];

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export function canManageTeam(role: Role): boolean {
  return (TEAM_ROLES as readonly Role[]).includes(role);
}

export function canManageSite(role: Role): boolean {
  return (SITE_ROLES as readonly Role[]).includes(role);
}

export function canEditContent(role: Role): boolean {
  return (CONTENT_ROLES as readonly Role[]).includes(role);
}
