import type { ServerResponse } from 'node:http';
import { serverEnv } from '../env';

/** Headers on every response, static files included (issue 7). */
export function securityHeaders(res: ServerResponse, _pathname: string): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-frame-options', 'DENY');
  if (serverEnv().siteUrl.startsWith('https://')) {
    res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
}
