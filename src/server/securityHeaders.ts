import { serverEnv } from '../settings';
import type { OutgoingHttpHeaders } from 'node:http';
import { BASELINE_CSP } from './cspPolicy';
import { cspOrigins } from './csp';
import type { SiteHeaders } from './staticSite';

/**
 * The one header table: what every response carries, on the host and (generated into `_headers`)
 * on a CDN deploy. HTML pages replace the baseline CSP with their own (hashes of their inline scripts).
 */
export function securityHeaderTable(opts: { https: boolean; csp?: string }): Record<string, string> {
  return {
    'Content-Security-Policy': opts.csp ?? BASELINE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...(opts.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

let cached: { siteUrl: string; headers: OutgoingHttpHeaders } | undefined;

/** The table for this host, computed once per SITE_URL: this runs per request. */
export function securityHeaderValues(): OutgoingHttpHeaders {
  const { siteUrl } = serverEnv();
  if (cached?.siteUrl !== siteUrl || !cached) {
    const table = securityHeaderTable({ https: siteUrl.startsWith('https://') });
    cached = { siteUrl, headers: Object.fromEntries(Object.entries(table).map(([k, v]) => [k.toLowerCase(), v])) };
  }
  return cached.headers;
}

/** The same table as a flat header list (name, value, name, value…), the shape `writeHead` takes fastest. */
export function securityHeaderList(): string[] {
  return Object.entries(securityHeaderValues()).flatMap(([name, value]) => [name, String(value)]);
}

/** What the static answers need of the settings, read once: passed as it is to the static front. */
export function siteHeadersFromSettings(): SiteHeaders {
  return { security: securityHeaderList(), cspOrigins: cspOrigins() };
}
