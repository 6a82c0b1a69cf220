import type { APIContext } from 'astro';
import { serverEnv } from '../env';
import { ownOrigins } from './guard';

type Ctx = Pick<APIContext, 'cookies' | 'request' | 'url'>;

/** How long a WebAuthn challenge may be answered: the same five minutes as the pending password step. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RP_NAME = 'EMDR Training admin';

/**
 * The WebAuthn relying party of a request (README.md, "Passkeys"). The site answers on
 * SITE_URL and, on localhost or behind a proxy, on the origin the request was addressed to
 * (ownOrigins). A passkey is bound to the host name of the page that made it, so the RP ID is the
 * host of the page asking, the request's Origin, when that is one of ours; otherwise SITE_URL's
 * host. The answers are checked against every one of our origins and their host names: a browser
 * only signs for the origin it shows, so an origin we answer on is one a member really used.
 */
export function relyingParty(ctx: Ctx): { rpID: string; origins: string[]; rpIDs: string[] } {
  const origins = ownOrigins(ctx);
  const asking = ctx.request.headers.get('origin');
  const page = asking && origins.includes(asking) ? asking : new URL(serverEnv().siteUrl).origin;
  const rpIDs = [...new Set(origins.map((origin) => new URL(origin).hostname))];
  return { rpID: new URL(page).hostname, origins, rpIDs };
}

/** The challenge the browser signed, read from its clientDataJSON (base64url JSON); null if unreadable. */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}
