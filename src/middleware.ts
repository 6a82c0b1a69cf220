import { defineMiddleware } from 'astro:middleware';
import { cspForHtml } from './server/csp';

/**
 * Pages rendered on demand (admin, /trainings) get the same script-hash CSP as the static pages
 * (issue 7): their inline scripts are only known once rendered.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', cspForHtml(html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
