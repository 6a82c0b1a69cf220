import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { EMBED_PREFIX, embedCsp, pagePolicy, type CspOrigins } from './cspPolicy';
import { readInlineScriptHashes } from './cspHashes';
import { cacheRuleFor } from './cacheRules';
import { canonicalPath, isPlainPath } from './urlPath';
import { contentTypeOf, isCompressible } from './contentTypes';
import { contentHash, knownHash, readCopy } from './compressedCopies';
import { readTrainerRedirects } from './trainerRedirects';
import { movedTrainerPath } from '../domain/trainers/trainerSlug';

/**
 * Serves one published build from memory: files are read once, with ETag and long caching for
 * hashed assets. Brotli and gzip copies are never made here: the publisher makes them off the
 * request path (src/publish/siteFolder/precompressor.ts) and this only picks a copy up once it exists; until
 * then the file is sent uncompressed, never after a stall. A new instance is made at each swap,
 * so a visitor gets the old or the new site, never a mix.
 *
 * Memory stays bounded whatever the requests: files are cached by the file they resolve to (never
 * by the request's spelling) in an LRU bounded in bytes, odd spellings (`//`, `/./`, `%5F`) are
 * not looked up but redirected to their plain form, and paths that miss are not remembered.
 */
/** The trainers' widget (public/embed/v1.js). */
export const WIDGET_PATH = '/embed/v1.js';

/** A missing copy is looked for again at most this often (the precompressor is making it). */
const COPY_RECHECK_MS = 1_000;

/** Enough for every page and asset of a large site with both compressed copies. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
/** Plain spellings known to hit; only plain paths of existing files get here, so this stays small. */
const MAX_KNOWN_PATHS = 100_000;

type Encoding = 'identity' | 'gzip' | 'br';

/** One way of sending a file: its bytes and the whole header list for a 200, made once. */
interface Variant {
  /** How the body is coded: what was asked for, or identity while its copy is not made yet. */
  encoding: Encoding;
  body: Buffer;
  headers: string[];
}

export interface Entry {
  /** The file this entry was read from: its key in the cache. */
  file: string;
  /**
   * The uncompressed bytes, once sent uncompressed. A compressible file is read at first only to be
   * hashed (its hash names its compressed copies), into a shared buffer: most clients take a copy,
   * and allocating every file's bytes in a cold crawl at 5,000 trainings made the garbage
   * collector's pauses the longest tasks on the event loop.
   */
  body: Buffer | null;
  type: string;
  etag: string;
  cacheControl: string;
  /** Set for HTML pages: the policy allowing the build's own inline scripts. */
  csp?: string;
  /** An /embed/ page: other sites may frame it, so it goes without X-Frame-Options. */
  frameable?: boolean;
  /** Headers of this file only (the widget script's CORS). */
  extra?: string[];
  /** Whether a compressed copy is worth sending (text of some size). */
  compressible: boolean;
  /** The SHA-1 of the body: its ETag and the name of its compressed copies. */
  hash: string;
  /** When the copies that are still missing were last looked for. */
  copiesCheckedAt: number;
  variants: Partial<Record<Encoding, Variant>>;
  /** The headers of a 304 for this file. */
  notModified?: string[];
}

const entrySize = (entry: Entry) =>
  (entry.body?.length ?? 0) + (entry.variants.gzip?.body.length ?? 0) + (entry.variants.br?.body.length ?? 0) + 512;

/**
 * A request header read from the parser's raw list: `req.headers` would build an object of every
 * header for each request, and this path reads two.
 */
function rawHeader(req: IncomingMessage, lowerName: string): string | undefined {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) return raw[i + 1];
  }
  return undefined;
}

/** Files up to this size are read into one shared buffer to be hashed (see Entry.body). */
const SHARED_READ_BYTES = 1024 * 1024;
const sharedRead = Buffer.allocUnsafe(SHARED_READ_BYTES);

/** A file's bytes: in the shared buffer (valid until the next read) when it fits, else a buffer of its own. */
function readFile(file: string): { bytes: Buffer; shared: boolean } {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > SHARED_READ_BYTES) return { bytes: fs.readFileSync(fd), shared: false };
    let read = 0;
    while (read < size) {
      const got = fs.readSync(fd, sharedRead, read, size - read, read);
      if (got === 0) break;
      read += got;
    }
    return { bytes: sharedRead.subarray(0, read), shared: true };
  } finally {
    fs.closeSync(fd);
  }
}

/** The file's stat, or null for anything that is not there to read (missing, a name too long, a file as a folder…). */
function statOf(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

/** What a client accepts, by its Accept-Encoding header: clients send a handful of spellings. */
const acceptedEncodings = new Map<string, Encoding>();

function preferredEncoding(accept: string): Encoding {
  let found = acceptedEncodings.get(accept);
  if (found === undefined) {
    found = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
    // A client can make up endless spellings; the common ones stay known.
    if (acceptedEncodings.size < 1000) acceptedEncodings.set(accept, found);
  }
  return found;
}

/**
 * What a static answer takes from the settings, resolved by the app (securityHeaders.ts): this
 * module reads no settings itself, so the static front can use it in a process that loads none.
 */
export interface SiteHeaders {
  /** The security headers of every answer, as name, value, name, value… */
  security: string[];
  /** The other origins the page policy allows. */
  cspOrigins: CspOrigins;
}

export class StaticSite {
  /** Request path (plain spelling) → the file it resolved to. */
  private readonly files = new Map<string, string>();
  private readonly entries: LRUCache<string, Entry>;
  private readonly pageCsp: string;
  /** The security headers of every answer, as name, value, name, value… (fixed for this build). */
  private readonly security: string[];

  constructor(
    readonly root: string,
    headers: SiteHeaders,
    maxBytes = DEFAULT_CACHE_BYTES,
    /** Where the publisher keeps compressed copies; without one every file is sent uncompressed. */
    private readonly copiesDir: string | null = null,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: entrySize });
    this.pageCsp = pagePolicy(readInlineScriptHashes(path.dirname(root)), headers.cspOrigins);
    this.security = headers.security;
  }

  /** Resolves a plain URL path to a file of this build, or null (odd spellings are null: see movedTo). */
  lookup(urlPath: string): Entry | null {
    const file = this.files.get(urlPath);
    if (file !== undefined) {
      const cached = this.entries.get(file);
      if (cached) return cached;
    } else if (!isPlainPath(urlPath)) return null;
    const found = file !== undefined ? { file, stat: undefined } : this.resolve(urlPath);
    if (!found) return null;
    const resolved = found.file;
    // Another spelling of the same file may have loaded it already.
    let entry = this.entries.get(resolved);
    if (!entry) {
      entry = this.load(resolved, found.stat) ?? undefined;
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

  private trainerMoves: Map<string, string> | undefined;

  /** Where a page or feed of a trainer's old slug lives now in this build (for a 301), else null. */
  movedTrainer(urlPath: string): string | null {
    if (!urlPath.startsWith('/trainers/') && !urlPath.startsWith('/embed/') && !urlPath.startsWith('/feeds/trainer-'))
      return null;
    this.trainerMoves ??= readTrainerRedirects(this.root);
    return movedTrainerPath(urlPath, this.trainerMoves);
  }

  private resolve(urlPath: string): { file: string; stat: fs.Stats } | null {
    const relative = urlPath.replace(/^\/+/, '');
    const base = path.join(this.root, relative);
    if (base !== this.root && !base.startsWith(this.root + path.sep)) return null;
    for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
      const stat = statOf(candidate);
      if (stat?.isFile()) return { file: candidate, stat };
    }
    return null;
  }

  private load(file: string, stat = statOf(file)): Entry | null {
    if (!stat) return null;
    const type = contentTypeOf(file);
    const compressible = isCompressible(type, stat.size);
    // A file the precompressor has hashed is not read here: its copies are named by that hash.
    let hash = compressible && this.copiesDir ? knownHash(stat) : undefined;
    let body: Buffer | null = null;
    if (!hash) {
      let read: { bytes: Buffer; shared: boolean };
      try {
        read = readFile(file);
      } catch {
        return null;
      }
      hash = contentHash(read.bytes);
      // A file always sent as it is keeps its bytes now; a compressible one reads them again if a
      // client ever wants them uncompressed.
      body = !read.shared ? read.bytes : compressible && this.copiesDir ? null : Buffer.from(read.bytes);
    }
    const ext = path.extname(file).toLowerCase();
    const relative = path.relative(this.root, file);
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    const embed = urlPath.startsWith(EMBED_PREFIX);
    return {
      ...(ext === '.html' ? { csp: embed ? embedCsp(this.pageCsp) : this.pageCsp, frameable: embed } : {}),
      // The widget script is loaded by other sites (docs/product.md, Widget); no cookie is involved.
      ...(urlPath === WIDGET_PATH ? { extra: ['access-control-allow-origin', '*'] } : {}),
      file,
      body,
      type,
      hash,
      copiesCheckedAt: 0,
      etag: `"${hash}"`,
      cacheControl: cacheRuleFor(urlPath).cacheControl,
      compressible,
      variants: {},
    };
  }

  /** The headers of an answer with this entry, as name, value, name, value… */
  private headers(entry: Entry, status: number, extra: string[]): string[] {
    const list = [
      ...this.security,
      'content-type',
      entry.type,
      'vary',
      'accept-encoding',
      ...(entry.extra ?? []),
      ...extra,
    ];
    if (entry.csp) list[list.indexOf('content-security-policy') + 1] = entry.csp;
    const frameOptions = list.indexOf('x-frame-options');
    if (entry.frameable && frameOptions >= 0) list.splice(frameOptions, 2);
    if (status === 200) list.push('cache-control', entry.cacheControl, 'etag', entry.etag);
    else list.push('cache-control', 'no-store');
    return list;
  }

  /**
   * The entry as sent with `encoding`: the compressed copy the publisher made, read once, or the
   * uncompressed body while the copy is not there yet (looked for again at most once a second). The
   * entry is stored again so the cache counts the new bytes.
   */
  private variant(entry: Entry, encoding: Encoding): Variant {
    const existing = entry.variants[encoding];
    if (existing) return existing;
    if (encoding !== 'identity') {
      const now = Date.now();
      let copy: Buffer | null = null;
      if (this.copiesDir && now - entry.copiesCheckedAt >= COPY_RECHECK_MS) {
        copy = readCopy(this.copiesDir, entry.hash, encoding);
        if (!copy) entry.copiesCheckedAt = now;
      }
      return copy ? this.keep(entry, encoding, copy) : this.variant(entry, 'identity');
    }
    entry.body ??= fs.readFileSync(entry.file);
    return this.keep(entry, encoding, entry.body);
  }

  private keep(entry: Entry, encoding: Encoding, body: Buffer): Variant {
    const coding = encoding === 'identity' ? [] : ['content-encoding', encoding];
    const made = {
      encoding,
      body,
      headers: this.headers(entry, 200, [...coding, 'content-length', String(body.length)]),
    };
    entry.variants[encoding] = made;
    // Stored again so the cache counts the bytes this variant added (an uncompressed body may have
    // just been read, see Entry.body). Removed first: lru-cache keeps the size it calculated when
    // the same object is set again under its key.
    if (this.entries.peek(entry.file) === entry) {
      this.entries.delete(entry.file);
      this.entries.set(entry.file, entry);
    }
    return made;
  }

  /**
   * Writes the entry, honouring If-None-Match, HEAD and Accept-Encoding. The hot path of the public
   * site: a 200 sends a header list and bytes made when the file was first asked for, nothing more.
   */
  send(req: IncomingMessage, res: ServerResponse, entry: Entry, status = 200): void {
    const encoding = entry.compressible ? preferredEncoding(rawHeader(req, 'accept-encoding') ?? '') : 'identity';
    if (status === 200) {
      if (rawHeader(req, 'if-none-match') === entry.etag) {
        res.writeHead(304, (entry.notModified ??= this.headers(entry, 200, [])));
        res.end();
        return;
      }
      const { body, headers } = this.variant(entry, encoding);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const variant = this.variant(entry, encoding);
    const { body } = variant;
    const coding = variant.encoding === 'identity' ? [] : ['content-encoding', variant.encoding];
    res.writeHead(status, this.headers(entry, status, [...coding, 'content-length', String(body.length)]));
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** A permanent redirect to the plain spelling, keeping the query. */
  redirect(req: IncomingMessage, res: ServerResponse, location: string): void {
    const queryAt = (req.url ?? '').indexOf('?');
    res.writeHead(301, [
      ...this.security,
      'location',
      queryAt === -1 ? location : location + req.url!.slice(queryAt),
      'cache-control',
      'public, max-age=3600',
      'content-length',
      '0',
    ]);
    res.end();
  }
}
