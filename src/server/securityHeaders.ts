import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { BASELINE_CSP } from './csp';

let cached: { siteUrl: string | undefined; headers: OutgoingHttpHeaders } | undefined;

/** The headers every response carries (issue 7), computed once per SITE_URL: this runs per request. */
export function securityHeaderValues(): OutgoingHttpHeaders {
  const siteUrl = process.env.SITE_URL;
  if (cached?.siteUrl !== siteUrl || !cached) {
    cached = {
      siteUrl,
      headers: {
        'content-security-policy': BASELINE_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        ...(siteUrl?.startsWith('https://')
          ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
          : {}),
      },
    };
  }
  return cached.headers;
}

/** Headers on every response, static files included; HTML pages replace the CSP with their own. */
export function securityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(securityHeaderValues())) res.setHeader(name, value!);
}
