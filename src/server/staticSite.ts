import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { pageCspForBuild } from './csp';
import { securityHeaderValues } from './securityHeaders';
import { canonicalPath, isPlainPath } from './urlPath';

/**
 * Serves one published build from memory: files are read once, gzip/brotli variants are made on
 * first demand, with ETag and long caching for hashed assets. A new instance is made at each swap,
 * so a visitor gets the old or the new site, never a mix.
 *
 * Memory stays bounded whatever the requests: files are cached by the file they resolve to (never
 * by the request's spelling) in an LRU bounded in bytes, odd spellings (`//`, `/./`, `%5F`) are
 * not looked up but redirected to their plain form, and paths that miss are not remembered.
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

/** Enough for every page and asset of a large site with both compressed copies. */
export const DEFAULT_CACHE_BYTES = 96 * 1024 * 1024;
/** Plain spellings known to hit; only plain paths of existing files get here, so this stays small. */
const MAX_KNOWN_PATHS = 100_000;

export interface Entry {
  /** The file this entry was read from: its key in the cache. */
  file: string;
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** Set for HTML pages: the policy allowing the build's own inline scripts. */
  csp?: string;
  gzip?: Buffer;
  br?: Buffer;
}

const entrySize = (entry: Entry) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + 256;

export class StaticSite {
  /** Request path (plain spelling) → the file it resolved to. */
  private readonly files = new Map<string, string>();
  private readonly entries: LRUCache<string, Entry>;
  private readonly pageCsp: string;

  constructor(
    readonly root: string,
    maxBytes = DEFAULT_CACHE_BYTES,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: entrySize });
    this.pageCsp = pageCspForBuild(path.dirname(root));
  }

  /** Resolves a plain URL path to a file of this build, or null (odd spellings are null: see movedTo). */
  lookup(urlPath: string): Entry | null {
    const file = this.files.get(urlPath);
    if (file !== undefined) {
      const cached = this.entries.get(file);
      if (cached) return cached;
    } else if (!isPlainPath(urlPath)) return null;
    const resolved = file ?? this.resolve(urlPath);
    if (!resolved) return null;
    // Another spelling of the same file may have loaded it already.
    let entry = this.entries.get(resolved);
    if (!entry) {
      entry = this.load(resolved) ?? undefined;
      if (!entry) return null;
      this.entries.set(resolved, entry);
    }
    if (file === undefined) {
      if (this.files.size >= MAX_KNOWN_PATHS) this.files.clear();
      this.files.set(urlPath, resolved);
    }
    return entry;
  }

  /** Bytes held by the file cache (bodies and compressed copies). */
  get cachedBytes(): number {
    return this.entries.calculatedSize;
  }

  /** The plain spelling of an odd path when that names a file of this build (for a 301), else null. */
  movedTo(urlPath: string): string | null {
    if (isPlainPath(urlPath)) return null;
    const canonical = canonicalPath(urlPath);
    return canonical && canonical !== urlPath && this.resolve(canonical) ? canonical : null;
  }

  private resolve(urlPath: string): string | null {
    const relative = urlPath.replace(/^\/+/, '');
    const base = path.join(this.root, relative);
    if (base !== this.root && !base.startsWith(this.root + path.sep)) return null;
    for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
      try {
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not this candidate
      }
    }
    return null;
  }

  private load(file: string): Entry | null {
    let body: Buffer;
    try {
      body = fs.readFileSync(file);
    } catch {
      return null;
    }
    const ext = path.extname(file).toLowerCase();
    const relative = path.relative(this.root, file);
    return {
      ...(ext === '.html' ? { csp: this.pageCsp } : {}),
      file,
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: relative.startsWith(`_astro${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : ext === '.html'
          ? 'public, max-age=0, must-revalidate'
          : 'public, max-age=3600',
    };
  }

  /** A compressed copy is made once; the entry is stored again so the cache counts its bytes. */
  private compressed(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
    const existing = entry[encoding];
    if (existing) return existing;
    const made =
      encoding === 'br'
        ? zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : zlib.gzipSync(entry.body, { level: 9 });
    entry[encoding] = made;
    if (this.entries.peek(entry.file) === entry) this.entries.set(entry.file, entry);
    return made;
  }

  /**
   * Writes the entry, honouring If-None-Match, HEAD and Accept-Encoding, with one writeHead: this
   * is the hot path of the public site, so headers are not set one by one.
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
        body = this.compressed(entry, 'br');
        headers['content-encoding'] = 'br';
      } else if (/\bgzip\b/.test(accept)) {
        body = this.compressed(entry, 'gzip');
        headers['content-encoding'] = 'gzip';
      }
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** A permanent redirect to the plain spelling, keeping the query. */
  redirect(req: IncomingMessage, res: ServerResponse, location: string): void {
    const queryAt = (req.url ?? '').indexOf('?');
    res.writeHead(301, {
      ...securityHeaderValues(),
      location: queryAt === -1 ? location : location + req.url!.slice(queryAt),
      'cache-control': 'public, max-age=3600',
      'content-length': 0,
    });
    res.end();
  }
}
