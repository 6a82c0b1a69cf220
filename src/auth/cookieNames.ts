import { serverEnv } from '../settings';

/**
 * The names of the sign-in cookies (README.md, "Admin sign-in"). On an https site they carry the
 * `__Host-` prefix (docs/security.md): a browser then keeps them only when set Secure, with Path=/ and no
 * Domain, so no subdomain and no plain-http page can plant or overwrite one. On http (a local start)
 * the prefix would make browsers drop them, so the plain names stay.
 */
const SESSION = 'emdr_admin_session';
const PENDING = 'emdr_pending';

export function hostPrefixed(): boolean {
  const env = serverEnv();
  return env.secureCookie && env.siteUrl.startsWith('https://');
}

const named = (name: string) => (hostPrefixed() ? `__Host-${name}` : name);

/** The session cookie's name. */
export const sessionCookieName = () => named(SESSION);

/** The cookie of a sign-in waiting for its second factor. */
export const pendingCookieName = () => named(PENDING);
