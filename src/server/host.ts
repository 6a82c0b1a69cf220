import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StaticSite } from './staticSite';
import { securityHeaders } from './securityHeaders';
import { listingAnswer } from './publicListing';
import { serveObject } from './objects';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals?: object,
) => void;

/**
 * The one HTTP server of `npm start` (docs/decisions/0001-process-model.md): static files of the
 * currently published build from memory; `/api/*` and `/admin/*` through Astro's handler from the
 * build this process booted with; anything else is the 404 page with status 404.
 */
export class Host {
  private site: StaticSite | null = null;
  private readonly server: http.Server;
  /** The boot build's own assets: its on-demand pages (admin) link these hashed files. */
  private readonly bootAssets: StaticSite;

  private constructor(
    private readonly astro: AstroHandler,
    private readonly live: LiveDir,
    serverBuildDir: string,
  ) {
    this.bootAssets = new StaticSite(path.join(serverBuildDir, 'client'));
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.keepAliveTimeout = 5000;
  }

  static async create(serverBuildDir: string, live: LiveDir): Promise<Host> {
    const entry = pathToFileURL(path.join(serverBuildDir, 'server', 'entry.mjs')).href;
    const { handler } = (await import(entry)) as { handler: AstroHandler };
    return new Host(handler, live, serverBuildDir);
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  /** Stops accepting connections and waits for in-flight requests (graceful SIGTERM). */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }

  private currentSite(): StaticSite | null {
    const dir = this.live.get();
    if (!dir) return null;
    if (this.site?.root !== dir) this.site = new StaticSite(dir);
    return this.site;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    // The path without `new URL()`: this runs for every request of the public site (issue 8).
    const raw = req.url ?? '/';
    const queryAt = raw.indexOf('?');
    const pathname = raw.startsWith('/')
      ? queryAt === -1
        ? raw
        : raw.slice(0, queryAt)
      : new URL(raw, 'http://localhost').pathname;
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    const site = this.currentSite();
    if (isRead && site && !pathname.startsWith('/api/') && !pathname.startsWith('/admin')) {
      // Same sources give the same hashed assets; when the sources changed since boot (a
      // developer editing while it runs), the admin pages still need the boot build's files.
      const entry =
        site.lookup(pathname) ?? (pathname.startsWith('/_astro/') ? this.bootAssets.lookup(pathname) : null);
      if (entry) return site.send(req, res, entry);
    }
    securityHeaders(res);
    if (pathname === '/api/trainings' && isRead) {
      void this.listing(req, res, new URLSearchParams(queryAt === -1 ? '' : raw.slice(queryAt + 1)));
      return;
    }
    if (pathname.startsWith('/objects/')) {
      // Uploaded trainer photos of the local driver (issue 6).
      void serveObject(req, res, pathname).then((served) => served || this.notFound(req, res, pathname));
      return;
    }
    // /trainings is the no-JavaScript target of the home filters, rendered on demand (issue 4).
    if (
      pathname.startsWith('/api/') ||
      pathname === '/admin' ||
      pathname.startsWith('/admin/') ||
      pathname === '/trainings'
    ) {
      this.astro(req, res, (error) => this.notFound(req, res, pathname, error));
      return;
    }
    this.notFound(req, res, pathname);
  }

  /** The public list without Astro's per-request overhead (issue 8); same answers as the Astro route. */
  private async listing(req: IncomingMessage, res: ServerResponse, params: URLSearchParams): Promise<void> {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    try {
      const answer = await listingAnswer(params);
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.setHeader('content-length', Buffer.byteLength(answer.body));
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    } catch (error) {
      console.error('[host] /api/trainings failed', error);
      res.statusCode = 503;
      res.setHeader('retry-after', '5');
      res.end(JSON.stringify({ error: 'Service temporarily unavailable' }));
    }
  }

  private notFound(req: IncomingMessage, res: ServerResponse, pathname: string, error?: unknown): void {
    if (error) console.error('[host] handler error', error);
    const site = this.currentSite();
    // An unknown training gets its own page with the site chrome (issue 4), other paths the 404 page.
    const page = pathname.startsWith('/training/') ? site?.lookup('/training-not-found') : undefined;
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
