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
