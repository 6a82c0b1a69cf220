import path from 'node:path';
import { publicEnv, storageEnv } from '../env';
import { readInlineScriptHashes } from './cspHashes';

/**
 * Content-Security-Policy. Scripts run only from our origin or when their exact inline text is one
 * the build recorded (src/prerender/cspBuildPlugin.ts): never a hash of what a page happens to contain,
 * so a script that reaches a page through data does not run. Styles allow 'unsafe-inline' because
 * react-hot-toast injects a <style> and islands set style attributes (docs/architecture.md, Traps). The
 * stats widget and an S3 bucket are the only other origins.
 */
function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const widget = origin(publicEnv().statsWidgetUrl);
  const s3 = storageEnv().s3;
  const bucket = [origin(s3?.endpoint), origin(s3?.publicUrl)].filter(Boolean);
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

/** The policy for every HTML page of the build in `buildDir` (the folder holding `client/`). */
export function pageCspForBuild(buildDir: string): string {
  return contentSecurityPolicy(readInlineScriptHashes(buildDir));
}

/** The policy for non-HTML responses (JSON, assets, photos): nothing may run or frame them. */
export const BASELINE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The policy for the CDN's `_headers`: the same as the host's for this build's pages. */
export function cspForSite(clientDir: string): string {
  return pageCspForBuild(path.dirname(clientDir));
}
