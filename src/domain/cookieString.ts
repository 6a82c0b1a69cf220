/**
 * How a cookie is written, for the server's Set-Cookie headers (http/cookies.ts) and the one cookie
 * the browser clears itself (admin/client/serverNotice.ts): one format, so the two never differ in
 * the path or SameSite that decide whether the browser treats them as the same cookie.
 */
export interface CookieRules {
  path: string;
  httpOnly: boolean;
  sameSite: 'Lax' | 'Strict';
  /** Seconds; 0 clears the cookie. */
  maxAge: number;
  secure: boolean;
}

export function cookieString(name: string, value: string, rules: CookieRules): string {
  return [
    `${name}=${value}`,
    `Path=${rules.path}`,
    ...(rules.httpOnly ? ['HttpOnly'] : []),
    `SameSite=${rules.sameSite}`,
    `Max-Age=${rules.maxAge}`,
    ...(rules.secure ? ['Secure'] : []),
  ].join('; ');
}
