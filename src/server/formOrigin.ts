import type { IncomingMessage } from 'node:http';

/** What a plain HTML form sends, which a browser posts across sites without asking first. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request a cross-site page could make with a form: not a safe method, and a form's content type. */
export function isFormPost(req: Pick<IncomingMessage, 'method' | 'headers'>): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  // Matched as Astro's own check matches it (astro/dist/core/app/origin-check.js), so that nothing it
  // would judge as a form escapes this check.
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  return FORM_TYPES.some((form) => type.includes(form));
}

/**
 * A form post is the site's own when its Origin is one of the site's origins, from configuration
 * only (SITE_URL and PASSKEY_ORIGINS; docs/security.md, Requests, origins and addresses). Astro's own
 * check compares the Origin with the Host header, which a page on another name that resolves to this
 * server (DNS rebinding) sets to agree with its Origin: so the host decides before Astro sees it.
 */
export function formOriginAllowed(req: Pick<IncomingMessage, 'headers'>, siteOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && siteOrigins.includes(origin);
}
