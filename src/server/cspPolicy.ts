/**
 * Content-Security-Policy, as pure rules (no settings read here: the static front builds policies
 * in a process that loads no settings). Scripts run only from our origin or when their exact inline
 * text is one the build recorded (src/prerender/cspBuildPlugin.ts): never a hash of what a page
 * happens to contain, so a script that reaches a page through data does not run. Styles allow
 * 'unsafe-inline' because react-hot-toast injects a <style> and islands set style attributes
 * (docs/architecture.md, Traps). The stats widget and an S3 bucket are the only other origins.
 */

/** The other origins pages may use, from the settings (csp.ts reads them). */
export interface CspOrigins {
  widget: string | null;
  bucket: string[];
}

export function pagePolicy(scriptHashes: readonly string[], { widget, bucket }: CspOrigins): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${bucket.join(' ')}`.trim(),
    `connect-src 'self' ${[widget, ...bucket].filter(Boolean).join(' ')}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Pages made to be framed by other sites (docs/product.md, Widget): the only path family that may be. */
export const EMBED_PREFIX = '/embed/';

/** An /embed/ page's policy: the page policy, except that any site may frame it. */
export function embedCsp(pageCsp: string): string {
  return pageCsp.replace("frame-ancestors 'none'", 'frame-ancestors *');
}

/** The policy for non-HTML responses (JSON, assets, photos): nothing may run or frame them. */
export const BASELINE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
