import { isPartner, type Role } from './roles';

/**
 * Where a member lands after signing in (docs/product.md, Partners; The team), the one rule for the
 * JSON sign-ins, the form sign-ins' redirects and the page guards: the team on the dashboard, a
 * partner on "My trainings"; anyone the site's two-factor rule holds back on their Account page first.
 */
export const TEAM_HOME = '/admin/dashboard';
export const TEAM_ACCOUNT = '/admin/account';
export const PARTNER_HOME = '/account/trainings';
export const PARTNER_ACCOUNT = '/account';
export const PARTNER_PROFILE = '/account/profile';
/** The one sign-in form, at an address each side sees as its own: a partner's never says "admin". */
export const TEAM_SIGN_IN = '/admin/login';
export const PARTNER_SIGN_IN = '/account/login';

/** The sign-in page for a member of this role (after a logout, say). */
export const signInFor = (role: Role | null | undefined): string =>
  role && isPartner(role) ? PARTNER_SIGN_IN : TEAM_SIGN_IN;

/** The sign-in page for a page of this area, by its path (a 401 in the browser, a signed-out visit). */
export const signInForPath = (pathname: string): string =>
  pathname === PARTNER_ACCOUNT || pathname.startsWith(`${PARTNER_ACCOUNT}/`) ? PARTNER_SIGN_IN : TEAM_SIGN_IN;

export function homeFor(role: Role, enrolmentRequired: boolean): string {
  if (isPartner(role)) return enrolmentRequired ? PARTNER_ACCOUNT : PARTNER_HOME;
  return enrolmentRequired ? TEAM_ACCOUNT : TEAM_HOME;
}

/**
 * A signed-in answer as the browser reads it: a partner's names its `home`; the team's answer stays
 * as SPEC-shaped clients know it (`{authenticated, admin, enrolmentRequired?}`), its home implied.
 */
export function landingOf(answer: { home?: string; enrolmentRequired?: boolean } | null | undefined): string {
  return answer?.home ?? homeFor('editor', Boolean(answer?.enrolmentRequired));
}
