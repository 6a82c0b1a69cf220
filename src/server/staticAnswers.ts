import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { StaticSite, type SiteHeaders } from './staticSite';
import { NOT_FOUND_PAGES } from './routes';

/**
 * The answers made from the published files alone: a file of the live build, a redirect to a
 * path's plain spelling or a trainer's new slug, and the 404 pages. The host gives it every request
 * no route claims; the static front (front/frontServer.ts) gives it the reads it keeps, so both
 * processes answer the same request with the same bytes.
 */
export class StaticAnswers {
  private site: StaticSite | null = null;
  /** The boot build's own assets: its on-demand pages (admin) link these hashed files. */
  private readonly bootAssets: StaticSite;
  /** The headers every answer carries, as name, value… */
  readonly security: string[];

  constructor(
    private readonly live: LiveDir,
    serverBuildDir: string,
    /** What the answers take from the settings (read once: they are fixed at start). */
    private readonly headers: SiteHeaders,
    /** Where the publisher keeps compressed copies of the published files. */
    private readonly copiesDir?: string,
  ) {
    this.security = headers.security;
    this.bootAssets = new StaticSite(path.join(serverBuildDir, 'client'), headers, undefined, copiesDir);
  }

  /** Another process swapped the live build: the next request looks at the link again. */
  invalidate(): void {
    this.live.invalidate();
  }

  private currentSite(): StaticSite | null {
    const dir = this.live.get();
    if (!dir) return null;
    if (this.site?.root !== dir) this.site = new StaticSite(dir, this.headers, undefined, this.copiesDir);
    return this.site;
  }

  /** A request no route claims: its file (GET and HEAD), a permanent redirect, or a 404. */
  answer(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const site = this.currentSite();
    if (site && (req.method === 'GET' || req.method === 'HEAD')) {
      // Same sources give the same hashed assets; when the sources changed since boot (a
      // developer editing while it runs), the admin pages still need the boot build's files.
      const entry =
        site.lookup(pathname) ?? (pathname.startsWith('/_astro/') ? this.bootAssets.lookup(pathname) : null);
      if (entry) return site.send(req, res, entry);
      const moved = site.movedTo(pathname) ?? site.movedTrainer(pathname);
      if (moved) return site.redirect(req, res, moved);
    }
    this.setSecurityHeaders(res);
    this.notFound(req, res, pathname);
  }

  setSecurityHeaders(res: ServerResponse): void {
    for (let i = 0; i < this.security.length; i += 2) res.setHeader(this.security[i]!, this.security[i + 1]!);
  }

  /** An unknown training gets its own page with the site chrome, other paths the 404 page. */
  notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const site = this.currentSite();
    const special = NOT_FOUND_PAGES.find((rule) => pathname.startsWith(rule.prefix));
    const page = special ? site?.lookup(special.page) : undefined;
    const entry = page ?? site?.lookup('/404.html');
    if (site && entry) return site.send(req, res, entry, 404);
    res.statusCode = 404;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end('404 Page Not Found');
  }
}

/**
 * The live build's client folder. Another instance sharing DATA_DIR may swap `current`, so the link
 * is re-read, at most every 200 ms to keep a syscall off most requests.
 */
export interface LiveDir {
  get(): string | null;
  /** Called after this process swapped `current`, so the next request sees the new build at once. */
  invalidate(): void;
}

export function liveDir(current: string, maxAgeMs = 200): LiveDir {
  let value: string | null = null;
  let readAt = 0;
  return {
    get() {
      const now = Date.now();
      if (now - readAt > maxAgeMs) {
        readAt = now;
        try {
          value = path.join(fs.realpathSync(current), 'client');
        } catch {
          value = null;
        }
      }
      return value;
    },
    invalidate() {
      readAt = 0;
    },
  };
}
