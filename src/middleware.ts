import { defineMiddleware } from 'astro:middleware';
import { cspForHtml } from './server/csp';

/**
 * Pages rendered on demand (admin, /trainings) get the same script-hash CSP as the static pages
 * (issue 7): their inline scripts are only known once rendered. Pre-rendered pages are skipped: a
 * header set at build time is thrown away, and the host computes their policy when it loads the
 * published files (src/server/staticSite.ts). Re-reading every page here cost the build of 5,000
 * pages a second for nothing (issue 8).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', cspForHtml(html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
