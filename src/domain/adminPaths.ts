/**
 * The admin and partner areas' page paths, declared once (docs/architecture.md): the team's pages under /admin,
 * a partner's under /account, the public pitch to partners at /partner. Browser islands, .astro
 * pages, services (mail links) and the page guards all read them from here; tests keep the literal
 * paths, since they assert what a user sees.
 */
export const ADMIN = '/admin';
export const TEAM_HOME = '/admin/dashboard';
export const TEAM_ACCOUNT = '/admin/account';
/** The one sign-in form, at an address each side sees as its own: a partner's never says "admin". */
export const TEAM_SIGN_IN = '/admin/login';
/** The second step of a sign-in (an authenticator code or a passkey). */
export const TEAM_SECOND_FACTOR = '/admin/second-factor';
export const TEAM_TRAINERS = '/admin/trainers';
export const TEAM_TRAININGS = '/admin/trainings';
export const TEAM_CONSULTATIONS = '/admin/consultations';
export const TEAM_REVIEWS = '/admin/reviews';
export const TEAM_LISTING_PROBLEMS = '/admin/listing-problems';
export const TEAM_HISTORY = '/admin/history';
export const TEAM_PERFORMANCE = '/admin/performance';
export const TEAM_TEAM = '/admin/team';
export const TEAM_PARTNERS = '/admin/partners';
export const TEAM_INVITE = '/admin/invite';
export const TEAM_IMPORT = '/admin/import';

export const PARTNER_ACCOUNT = '/account';
export const PARTNER_HOME = '/account/trainings';
export const PARTNER_PROFILE = '/account/profile';
export const PARTNER_PERFORMANCE = '/account/performance';
export const PARTNER_SIGN_IN = '/account/login';
export const PARTNER_INVITE = '/account/invite';
export const PARTNER_IMPORT = '/account/import';

/** The public page that invites trainers to list with us. */
export const PARTNER_PITCH = '/partner';

export const newTrainerPath = `${TEAM_TRAINERS}/new`;
export const newTrainingPath = `${TEAM_TRAININGS}/new`;
export const reviewPath = (submissionId: string) => `${TEAM_REVIEWS}/${submissionId}`;

/** Whether a path is in the team's or a partner's area (both are served by Astro, never pre-rendered). */
export const isMemberAreaPath = (path: string): boolean =>
  path === ADMIN || path.startsWith(`${ADMIN}/`) || path === PARTNER_ACCOUNT || path.startsWith(`${PARTNER_ACCOUNT}/`);
