/** Proxy rules and headers for a CDN deploy on Netlify (issue 3); written next to the built files. */
export function netlifyRedirects(apiOrigin: string): string {
  return [
    `/api/*    ${apiOrigin}/api/:splat    200!`,
    `/admin    ${apiOrigin}/admin    200!`,
    `/admin/*  ${apiOrigin}/admin/:splat  200!`,
    `/objects/*  ${apiOrigin}/objects/:splat  200!`,
    `/training/*  /training-not-found  404`,
    '',
  ].join('\n');
}

/** The host's headers for the CDN (issue 7); `csp` is cspForSite() of the built pages. */
export function netlifyHeaders(csp: string): string {
  return [
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/*',
    '  Cache-Control: public, max-age=0, must-revalidate',
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Frame-Options: DENY',
    '  Strict-Transport-Security: max-age=31536000; includeSubDomains',
    '',
  ].join('\n');
}
