import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { signingSecret } from '../../data/alerts';

/**
 * The alert links' tokens (docs/product.md, Alerts): a small JSON payload and its HMAC-SHA256 under
 * a secret kept in the database, so every instance accepts a link another one made. A confirmation
 * token names the alert and its current nonce (the alert's nonce changes when the link is used: single
 * use) and expires after 7 days. An unsubscribe token names one alert and lasts as long as it. A
 * manage token names an address by its SHA-256, never in clear, and expires after 90 days (every
 * digest carries a fresh one). The reminder to confirm a training's details uses the same signing:
 * its token names the training, the reminder's nonce (single use) and whom it was sent to, for 14 days.
 */
export type AlertToken =
  | { p: 'confirm'; a: string; n: string; x: number }
  /** A training's reminder to confirm its details (docs/product.md, Trust): training, nonce, recipient, expiry. */
  | { p: 'details'; t: string; n: string; e: string; x: number }
  | { p: 'unsubscribe'; a: string }
  | { p: 'manage'; h: string; x: number };

export const MANAGE_TTL_MS = 90 * 24 * 60 * 60 * 1000;

let secret: Promise<Buffer> | null = null;
function key(): Promise<Buffer> {
  secret ??= signingSecret().catch((error: unknown) => {
    secret = null;
    throw error;
  });
  return secret;
}

const mac = (k: Buffer, payload: string) => createHmac('sha256', k).update(payload).digest();

export async function signToken(token: AlertToken): Promise<string> {
  const payload = Buffer.from(JSON.stringify(token)).toString('base64url');
  return `${payload}.${mac(await key(), payload).toString('base64url')}`;
}

/** The token's payload when its signature holds and it has not expired (`expired` when only that fails). */
export async function readToken<P extends AlertToken['p']>(
  value: string | null | undefined,
  purpose: P,
  now = Date.now(),
): Promise<Extract<AlertToken, { p: P }> | 'invalid' | 'expired'> {
  if (!value || value.length > 1000) return 'invalid';
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return 'invalid';
  const expected = mac(await key(), payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  let token: AlertToken;
  try {
    token = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AlertToken;
  } catch {
    return 'invalid';
  }
  if (token.p !== purpose) return 'invalid';
  if ('x' in token && token.x < now) return 'expired';
  return token as Extract<AlertToken, { p: P }>;
}

/** How a manage link names an address. */
export const emailHash = (email: string): string =>
  createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex');
