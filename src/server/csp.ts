import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { publicEnv } from '../env';

/**
 * Content-Security-Policy (issue 7). Scripts run only from our origin or when their exact inline
 * text is listed by hash (Astro's island bootstrap and our small inline scripts); styles allow
 * 'unsafe-inline' because react-hot-toast injects a <style> and islands set style attributes
 * (ARCHITECTURE.md, Traps). The stats widget and an S3 bucket are the only other origins.
 */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** sha256 sources of the executable inline scripts of a page (JSON-LD is data, not script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

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
  const bucket = [origin(process.env.S3_ENDPOINT), origin(process.env.S3_PUBLIC_URL)].filter(Boolean);
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

/** The policy for one HTML page. */
export function cspForHtml(html: string): string {
  return contentSecurityPolicy(inlineScriptHashes(html));
}

/** The policy for non-HTML responses (JSON, assets, photos): nothing may run or frame them. */
export const BASELINE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** One policy for every page of a built site (the CDN's `_headers`): the union of all inline script hashes. */
export function cspForSite(clientDir: string): string {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html'))
        for (const hash of inlineScriptHashes(fs.readFileSync(full, 'utf8'))) hashes.add(hash);
    }
  };
  walk(clientDir);
  return contentSecurityPolicy([...hashes].sort());
}
