import { createHash } from 'node:crypto';
import { cspForHtml } from './csp';
import fs from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { securityHeaderValues } from './securityHeaders';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Serves one published build from memory (issue 8): files are read once, gzip/brotli variants are
 * made on first demand, with ETag and long caching for hashed assets. A new instance is made at
 * each swap, so a visitor gets the old or the new site, never a mix.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

interface Entry {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** Set for HTML pages: the policy with the hashes of this page's inline scripts. */
  csp?: string;
  gzip?: Buffer;
  br?: Buffer;
}

export class StaticSite {
  private readonly entries = new Map<string, Entry | null>();

  constructor(readonly root: string) {}

  /** Resolves a URL path to a file of this build, or null. */
  lookup(urlPath: string): Entry | null {
    if (this.entries.has(urlPath)) return this.entries.get(urlPath)!;
    const entry = this.load(urlPath);
    // Misses are not remembered beyond a bound: random probes must not grow memory.
    if (entry || this.entries.size < 50_000) this.entries.set(urlPath, entry);
    return entry;
  }

  private load(urlPath: string): Entry | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
    if (relative.startsWith('..')) return null;
    const base = path.join(this.root, relative);
    if (!base.startsWith(this.root)) return null;
    for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
      try {
        const stat = fs.statSync(candidate);
        if (!stat.isFile()) continue;
        const body = fs.readFileSync(candidate);
        const ext = path.extname(candidate).toLowerCase();
        return {
          ...(ext === '.html' ? { csp: cspForHtml(body.toString('utf8')) } : {}),
          body,
          type: TYPES[ext] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
          cacheControl: relative.startsWith('_astro/')
            ? 'public, max-age=31536000, immutable'
            : ext === '.html' || candidate.endsWith('index.html')
              ? 'public, max-age=0, must-revalidate'
              : 'public, max-age=3600',
        };
      } catch {
        // not this candidate
      }
    }
    return null;
  }

  /**
   * Writes the entry, honouring If-None-Match, HEAD and Accept-Encoding, with one writeHead: this
   * is the hot path of the public site (issue 8), so headers are not set one by one.
   */
  send(req: IncomingMessage, res: ServerResponse, entry: Entry, status = 200): void {
    const headers: OutgoingHttpHeaders = {
      ...securityHeaderValues(),
      'content-type': entry.type,
      'cache-control': status === 200 ? entry.cacheControl : 'no-store',
      vary: 'accept-encoding',
    };
    if (entry.csp) headers['content-security-policy'] = entry.csp;
    if (status === 200) {
      headers.etag = entry.etag;
      if (req.headers['if-none-match'] === entry.etag) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    let body = entry.body;
    const accept = req.headers['accept-encoding'] ?? '';
    if (entry.body.length > 512 && COMPRESSIBLE.test(entry.type)) {
      if (/\bbr\b/.test(accept)) {
        entry.br ??= zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
        body = entry.br;
        headers['content-encoding'] = 'br';
      } else if (/\bgzip\b/.test(accept)) {
        entry.gzip ??= zlib.gzipSync(entry.body, { level: 9 });
        body = entry.gzip;
        headers['content-encoding'] = 'gzip';
      }
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
