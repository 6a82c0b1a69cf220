import type { AstroGlobal } from 'astro';
import { currentAdmin } from './guard';
import { isPartner } from '../domain/roles';
import { PARTNER_HOME } from '../domain/landing';
import { allowedBeforeEnrolment, enrolmentRequired } from './secondFactors';

/** Every /admin page checks the session on the server before any admin HTML is sent. */
export async function adminOrRedirect(Astro: AstroGlobal) {
  const admin = await currentAdmin(Astro);
  // AdminLayout's navigation shows what this member's role may use.
  if (admin) Astro.locals.admin = admin;
  if (!admin) return { admin: null, redirect: Astro.redirect('/admin/login') };
  // The team's pages are not a partner's: their own area instead (docs/product.md, Partners).
  if (isPartner(admin.role)) return { admin, redirect: Astro.redirect(PARTNER_HOME) };
  // The site requires a second factor and this member has none: the Account page until they enrol.
  if (!allowedBeforeEnrolment(Astro.url.pathname) && (await enrolmentRequired(admin.adminId))) {
    return { admin, redirect: Astro.redirect('/admin/account') };
  }
  return { admin, redirect: null };
}
