import type { AstroGlobal } from 'astro';
import { currentAdmin } from './guard';

/** Every /admin page checks the session on the server before any admin HTML is sent. */
export async function adminOrRedirect(Astro: AstroGlobal) {
  const admin = await currentAdmin(Astro);
  // AdminLayout's navigation shows what this member's role may use.
  if (admin) Astro.locals.admin = admin;
  return admin ? { admin, redirect: null } : { admin: null, redirect: Astro.redirect('/admin/login') };
}
