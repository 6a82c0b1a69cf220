import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StaticAnswers, type LiveDir } from './staticAnswers';
import type { Answer } from '../http/answer';
import { listingAnswer } from '../http/listingAnswer';
import { clientAddress, parseTrustProxy } from './clientAddress';
import { pageCspForBuild } from './csp';
import { log, newRequestId } from '../log';
import { passkeyEnv, serverEnv } from '../settings';
import { formOriginAllowed, isFormPost } from './formOrigin';
import { serveStoredObject } from './storedObjects';
import { routeFor } from './routes';
import { siteHeadersFromSettings } from './securityHeaders';
import { healthAnswer } from './health';
import { eventAnswer, optsOut } from '../http/eventAnswer';
import { readEventBody } from './eventBody';
import { headLines, writeAnswer } from './writeAnswer';
import { sendHealth, type HealthAnswer } from './healthReply';
import {
  answerPlain,
  answerServerError,
  guardConnections,
  guardRequests,
  readableHost,
  type RequestTarget,
} from './requestGuard';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals?: object,
) => unknown;

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` to the digest's
 * List-Unsubscribe address from their own servers, with no Origin (or their own), so Astro's
 * cross-site form check (security.checkOrigin) would refuse it with 403. The signed token in the
 * address is what authorises it and all it can do is delete that one alert, so for this one path
 * the request is handed to Astro as coming from its own origin. No other path is exempt.
 */
const ONE_CLICK_UNSUBSCRIBE = '/alerts/unsubscribe';

/** Makes Astro's cross-site form check (Origin against the Host) pass a post the host has judged. */
function sameOriginForAstro(req: IncomingMessage): void {
  // The origin Astro builds the request's URL from (astro/app/node: the socket's scheme and Host).
  const encrypted = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
  req.headers.origin = `${encrypted ? 'https' : 'http'}://${req.headers.host}`;
}

export interface HostOptions {
  /** Called first for every request that passed the guard; a test's fault injection throws here. */
  beforeEachRequest?: (pathname: string) => void;
  /** Where the publisher keeps compressed copies of the published files. */
  copiesDir?: string;
}

/**
 * The one HTTP server of `npm start` (docs/decisions/0001-process-model.md): static files of the
 * currently published build from memory; `/api/*` and `/admin/*` through Astro's handler from the
 * build this process booted with; anything else is the 404 page with status 404. Which path goes
 * where is the route table's (routes.ts), shared with the CDN rules.
 */
export class Host {
  /** Until markReady(): `/readyz` says "starting" (health.ts). */
  private starting = true;
  private readonly server: http.Server;
  private readonly statics: StaticAnswers;
  private readonly trust = parseTrustProxy(serverEnv().trustProxy);
  private readonly pageCsp: string;
  private readonly closeGracefully: () => Promise<void>;

  private constructor(
    private readonly astro: AstroHandler,
    private readonly live: LiveDir,
    serverBuildDir: string,
    private readonly options: HostOptions,
  ) {
    this.statics = new StaticAnswers(live, serverBuildDir, siteHeadersFromSettings(), options.copiesDir);
    this.pageCsp = pageCspForBuild(serverBuildDir);
    this.server = http.createServer(guardRequests((req, res, target) => this.handle(req, res, target)));
    this.closeGracefully = guardConnections(this.server);
  }

  static async create(serverBuildDir: string, live: LiveDir, options: HostOptions = {}): Promise<Host> {
    const entry = pathToFileURL(path.join(serverBuildDir, 'server', 'entry.mjs')).href;
    const { handler } = (await import(entry)) as { handler: AstroHandler };
    return new Host(handler, live, serverBuildDir, options);
  }

  listen(port: number, host: string): Promise<number> {
    return listenOn(this.server, port, host);
  }

  /**
   * Behind the static front (front/staticFront.ts) this server takes its connections from the front,
   * but still listens, on a socket of this process's own that nobody is told about: Node checks the
   * header and request timeouts only of a server that listens.
   */
  listenPrivately(socketPath: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(socketPath, () => resolve());
    });
  }

  /**
   * A client's connection handed over by the static front, with the bytes the front had already
   * read from it (the requests it does not answer itself): they are parsed first, then the socket.
   */
  adopt(socket: net.Socket, head: Buffer): void {
    this.server.emit('connection', socket);
    if (head.length > 0) socket.emit('data', head);
  }

  /** The start has finished: `/readyz` may say ready once the database answers. */
  markReady(): void {
    this.starting = false;
  }

  /** Stops accepting connections and waits for in-flight requests (graceful SIGTERM). */
  close(): Promise<void> {
    return this.closeGracefully();
  }

  private handle(req: IncomingMessage, res: ServerResponse, { pathname, query }: RequestTarget): void | Promise<void> {
    this.options.beforeEachRequest?.(pathname);
    const route = routeFor(pathname, req.method);
    if (!route) return this.statics.answer(req, res, pathname);
    if (route?.handler === 'listing') return this.listing(req, res, query);
    this.statics.setSecurityHeaders(res);
    switch (route.handler) {
      case 'health':
        return this.health(res, pathname);
      case 'events':
        return this.events(req, res);
      case 'objects':
        return serveStoredObject(req, res, pathname)
          .then((served) => void (served || this.notFound(req, res, pathname)))
          .catch((error: unknown) => this.unavailable(res, error));
      case 'astro': {
        // Astro builds a URL from the Host header and the target: both must be readable, and an
        // absolute-form target is handed on in origin form.
        if (!readableHost(req.headers.host))
          return answerPlain(res, 400, 'Bad Request: the Host header cannot be read');
        req.url = query ? `${pathname}?${query}` : pathname;
        if (isFormPost(req)) {
          if (pathname !== ONE_CLICK_UNSUBSCRIBE && !formOriginAllowed(req, passkeyEnv().origins))
            return answerPlain(res, 403, 'Forbidden: a form may be sent only from this site');
          // Decided here by the site's origins; Astro's own check would compare the Origin with the Host.
          sameOriginForAstro(req);
        }
        const requestId = newRequestId();
        res.setHeader('x-request-id', requestId);
        const locals = { requestId, clientAddress: clientAddress(req, this.trust), pageCsp: this.pageCsp };
        return this.astro(
          req,
          res,
          (error) => this.notFound(req, res, pathname, error),
          locals,
        ) as void | Promise<void>;
      }
    }
  }

  private async health(res: ServerResponse, pathname: string): Promise<void> {
    sendHealth(res, await this.healthAnswer(pathname));
  }

  /** What `/healthz` or `/readyz` says now; behind the static front, the front asks this over IPC. */
  healthAnswer(pathname: string): Promise<HealthAnswer> {
    return healthAnswer(pathname, this.live.get() !== null, this.starting);
  }

  /** The listing beacon without Astro's per-request overhead; same answers as the Astro route. */
  private async events(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = newRequestId();
    const body = req.method === 'POST' ? await readEventBody(req) : '';
    const answer = eventAnswer(
      {
        method: req.method ?? '',
        contentType: req.headers['content-type'] ?? '',
        body,
        address: clientAddress(req, this.trust),
        userAgent: req.headers['user-agent'] ?? '',
        optedOut: optsOut((name) => req.headers[name] as string | undefined),
      },
      requestId,
    );
    writeAnswer(res, answer, { first: ['x-request-id', requestId, ...(body === null ? ['connection', 'close'] : [])] });
  }

  /** The public list without Astro's per-request overhead; same answers as the Astro route. */
  private async listing(req: IncomingMessage, res: ServerResponse, query: string): Promise<void> {
    let answer: Answer;
    try {
      answer = await listingAnswer(query);
    } catch (error) {
      this.statics.setSecurityHeaders(res);
      return this.unavailable(res, error);
    }
    writeAnswer(res, answer, { head: req.method === 'HEAD', lines: this.listingHead(answer) });
  }

  /**
   * The whole header list of a list answer, made once per answer: the same answer is shared by
   * every request that asks the same (http/listingAnswer.ts), and a dozen setHeader calls per request
   * were a measurable part of the API's cost.
   */
  private readonly listingHeads = new WeakMap<Answer, string[]>();

  private listingHead(answer: Answer): string[] {
    let head = this.listingHeads.get(answer);
    if (!head) this.listingHeads.set(answer, (head = headLines(answer, this.statics.security)));
    return head;
  }

  /**
   * The database is away: a quick 503 JSON the client may retry, never a hung request. Like every
   * server error it carries a request id, in its body, its header and the log line.
   */
  private unavailable(res: ServerResponse, error: unknown): void {
    answerServerError(res, error, {
      status: 503,
      message: 'Service temporarily unavailable',
      headers: { 'retry-after': '5' },
    });
  }

  private notFound(req: IncomingMessage, res: ServerResponse, pathname: string, error?: unknown): void {
    if (error) log.error({ err: error, path: pathname }, 'handler error');
    this.statics.notFound(req, res, pathname);
  }
}

/** Listens on the port (0: any free one) and says which port that is; a port in use rejects. */
export function listenOn(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
