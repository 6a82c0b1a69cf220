import type { ServerResponse } from 'node:http';
import { serverEnv } from '../env';
import { BASELINE_CSP } from './csp';

/** Headers on every response, static files included (issue 7); HTML pages replace the CSP with their own. */
export function securityHeaders(res: ServerResponse, _pathname: string): void {
  res.setHeader('content-security-policy', BASELINE_CSP);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-frame-options', 'DENY');
  if (serverEnv().siteUrl.startsWith('https://')) {
    res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
}
