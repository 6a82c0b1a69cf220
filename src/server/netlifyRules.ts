import { NOT_FOUND_PAGES, ROUTES } from './routes';
import { CACHE_RULES } from './cacheRules';
import { securityHeaderTable } from './securityHeaders';
import { EMBED_PREFIX, embedCsp } from './cspPolicy';
import { WIDGET_PATH } from './staticSite';
import type { TrainerRedirect } from '../domain/siteData';

/**
 * A CDN deploy's `_redirects` and `_headers`, generated from the host's route and header tables so
 * the two cannot drift: every route the host does not serve from the published files is proxied
 * to the API origin (query strings pass through), with the same headers.
 */
export function netlifyRedirects(apiOrigin: string, trainerMoves: readonly TrainerRedirect[] = []): string {
  const lines = ROUTES.filter((route) => route.proxied).map((route) =>
    route.match === 'exact'
      ? `${route.path}  ${apiOrigin}${route.path}  200!`
      : `${route.path}*  ${apiOrigin}${route.path}:splat  200!`,
  );
  for (const rule of NOT_FOUND_PAGES) lines.push(`${rule.prefix}*  ${rule.page}  404`);
  // A trainer's old slug: their page, embed page and feeds answer 301, as on the host (trainerRedirects.ts).
  for (const { from, to } of trainerMoves) {
    lines.push(`/trainers/${from}  /trainers/${to}  301`, `/embed/trainers/${from}  /embed/trainers/${to}  301`);
    for (const ext of ['ics', 'xml']) lines.push(`/feeds/trainer-${from}.${ext}  /feeds/trainer-${to}.${ext}  301`);
  }
  return `${[...new Set(lines)].join('\n')}\n`;
}

/**
 * `csp` is cspForSite() of the built pages; a CDN deploy is always served over https. The security
 * headers go with the first rule (every path); the cache rules follow in the table's order.
 */
export function netlifyHeaders(csp: string): string {
  const lines: string[] = [];
  for (const rule of CACHE_RULES) {
    lines.push(rule.path, `  Cache-Control: ${rule.cacheControl}`);
    if (rule.path === '/*') {
      for (const [name, value] of Object.entries(securityHeaderTable({ https: true, csp }))) {
        lines.push(`  ${name}: ${value}`);
      }
    }
  }
  // /embed/ pages may be framed by any site (a CDN cannot drop X-Frame-Options there, but browsers
  // follow frame-ancestors when both are sent); the widget script may be read by any site.
  lines.push(`${EMBED_PREFIX}*`, `  Content-Security-Policy: ${embedCsp(csp)}`);
  lines.push(WIDGET_PATH, '  Access-Control-Allow-Origin: *');
  return `${lines.join('\n')}\n`;
}
