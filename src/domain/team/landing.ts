import { PARTNER_ACCOUNT, PARTNER_HOME, PARTNER_SIGN_IN, TEAM_ACCOUNT, TEAM_HOME, TEAM_SIGN_IN } from '../adminPaths';
import { isPartner, type Role } from './roles';

/**
 * Where a member lands after signing in (docs/product.md, Partners; The team), the one rule for the
 * JSON sign-ins, the form sign-ins' redirects and the page guards: the team on the dashboard, a
 * partner on "My trainings"; anyone the site's two-factor rule holds back on their Account page first
 * (the paths themselves are in ./adminPaths.)
 */

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
