import type { AstroGlobal } from 'astro';
import { currentAdmin } from './guards';
import { allowedBeforeEnrolment, enrolmentRequired } from '../auth/secondFactors';
import { isPartner } from '../domain/team/roles';
import { PARTNER_ACCOUNT, PARTNER_SIGN_IN, TEAM_ACCOUNT, TEAM_SIGN_IN } from '../domain/adminPaths';
import { homeFor } from '../domain/team/landing';

/**
 * Every /admin page checks the session on the server before any admin HTML is sent. The team's pages
 * are not a partner's: a partner is sent to their own area (docs/product.md, Partners).
 */
export async function adminOrRedirect(Astro: AstroGlobal) {
  const admin = await currentAdmin(Astro);
  // AdminLayout's navigation shows what this member's role may use.
  if (admin) Astro.locals.admin = admin;
  if (!admin) return { admin: null, redirect: Astro.redirect(TEAM_SIGN_IN) };
  if (isPartner(admin.role)) return { admin, redirect: Astro.redirect(homeFor(admin.role, false)) };
  // The site requires a second factor and this member has none: the Account page until they enrol.
  if (!allowedBeforeEnrolment(Astro.url.pathname) && (await enrolmentRequired(admin.adminId))) {
    return { admin, redirect: Astro.redirect(TEAM_ACCOUNT) };
  }
  return { admin, redirect: null };
}

/**
 * Every /account page (a partner's area): signed out goes to the sign-in page, the team to their own
 * dashboard; a partner the site's two-factor rule holds back stays on Account until they enrol.
 */
export async function partnerOrRedirect(Astro: AstroGlobal) {
  const partner = await currentAdmin(Astro);
  if (partner) Astro.locals.admin = partner;
  if (!partner) return { partner: null, redirect: Astro.redirect(PARTNER_SIGN_IN) };
  if (!isPartner(partner.role)) return { partner, redirect: Astro.redirect(homeFor(partner.role, false)) };
  if (Astro.url.pathname !== PARTNER_ACCOUNT && (await enrolmentRequired(partner.adminId))) {
    return { partner, redirect: Astro.redirect(PARTNER_ACCOUNT) };
  }
  return { partner, redirect: null };
}
