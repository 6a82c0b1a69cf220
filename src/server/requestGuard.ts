import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { log, newRequestId } from '../log';
import { cutStalledSockets } from './stalledSockets';
import { gracefulClose } from './gracefulClose';
import { enforceBodyDeadline, lengthRequired } from './bodyRules';

/**
 * The one guard around the request path (docs/decisions/0012-request-guard.md). Whatever the HTTP
 * parser lets through gets an answer and the process keeps serving:
 * - a target we cannot read (a bad absolute-form URL, authority- or asterisk-form, a control
 *   character) is the client's mistake: 400, before any handler sees it;
 * - a method that opens tunnels or echoes requests (CONNECT, TRACE) is 405;
 * - a chunked body where none is taken is 411, and a body has a deadline (bodyRules.ts);
 * - a bug of ours, thrown or rejected, is a 500 with a request id, which is logged.
 */

/** The request's path and query, read without trusting the target. */
export interface RequestTarget {
  pathname: string;
  query: string;
}

const REFUSED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
// C0 controls, space and DEL never belong in a target; the parser lets some through.
const CONTROL = /[\u0000-\u0020\u007f]/;

/** The target as a path and query, or null when no server could read it. */
export function readTarget(raw: string | undefined): RequestTarget | null {
  if (!raw || CONTROL.test(raw)) return null;
  let pathAndQuery: string;
  if (raw.startsWith('/')) {
    // Origin form, the hot path: no URL parser. `//host/x` is a path here, never another host.
    pathAndQuery = raw;
  } else if (/^https?:\/\//i.test(raw)) {
    // Absolute form (RFC 9112 §3.2.2): any host is accepted, as a proxy would, but it must parse.
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (url.username || url.password) return null;
    pathAndQuery = url.pathname + url.search;
  } else {
    // Authority form (host:port) and asterisk form (*) are for proxies and OPTIONS *, not for us.
    return null;
  }
  const queryAt = pathAndQuery.indexOf('?');
  const pathname = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? '' : pathAndQuery.slice(queryAt + 1);
  if (pathname.includes('%00')) return null;
  return { pathname, query };
}

export function answerPlain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return void res.destroy();
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('connection', 'close');
  res.end(text);
}

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** A Host header a URL can be built from (the on-demand routes build one; a bad one is a 400). */
export function readableHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65535) return false;
  if (host.startsWith('[')) {
    try {
      new URL(`http://${host}/`);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * A server error: logged with its request id, answered as JSON with the same id in the body and
 * `x-request-id`, never a stack. A fault of ours is a 500; the host also answers 503 this way.
 */
export function answerServerError(
  res: ServerResponse,
  error: unknown,
  {
    status,
    message,
    requestId = newRequestId(),
    headers = {},
  }: {
    status: 500 | 503;
    message: string;
    requestId?: string;
    headers?: Record<string, string>;
  },
): void {
  log.error({ err: error, requestId }, 'request failed');
  if (res.headersSent) return void res.destroy();
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-request-id', requestId);
  res.end(JSON.stringify({ error: message, requestId }));
}

/** A chunked body where only a Content-Length is taken (bodyRules.ts). */
export function answerLengthRequired(res: ServerResponse): void {
  answerPlain(res, 411, 'Length Required: send the body with a Content-Length');
}

/** A bug of ours: a 500 with a request id. */
export function answerFault(res: ServerResponse, error: unknown): void {
  answerServerError(res, error, { status: 500, message: 'Internal server error' });
}

/** Either side's destroy() destroys the socket they share: the client is gone. */
function destroySelf(this: IncomingMessage | ServerResponse): void {
  this.destroy();
}

/**
 * A socket error while an answer is still being made (a reset mid-body) is the client leaving,
 * not a reason to exit. Only for answers still open when the handler returns: a request emits
 * 'error' only to its own listeners (Node keeps that for compatibility), so an answer already
 * ended, as every static file is, cannot be reached by one, and adding two listeners to each of
 * those requests cost about a tenth of the static path's throughput.
 */
function listenForErrors(req: IncomingMessage, res: ServerResponse): void {
  req.on('error', destroySelf);
  res.on('error', destroySelf);
}

export type GuardedHandler = (req: IncomingMessage, res: ServerResponse, target: RequestTarget) => void | Promise<void>;

/** Wraps the request handler: bad targets and methods are answered here, faults become a 500. */
export function guardRequests(handler: GuardedHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (REFUSED_METHODS.has(req.method ?? '')) {
      return answerPlain(res, 405, 'Method Not Allowed', { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' });
    }
    const target = readTarget(req.url);
    if (!target) return answerPlain(res, 400, 'Bad Request: the request target cannot be read');
    if (lengthRequired(req)) return answerLengthRequired(res);
    enforceBodyDeadline(req, res);
    try {
      const pending = handler(req, res, target);
      if (!res.writableEnded) listenForErrors(req, res);
      if (pending) pending.catch((error: unknown) => answerFault(res, error));
    } catch (error) {
      answerFault(res, error);
    }
  };
}

/**
 * CONNECT never reaches the request handler: Node hands the raw socket to 'connect' listeners and
 * drops it when there are none. We open no tunnels, and say so.
 */
export function refuseTunnels(server: Server): void {
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(
      'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\nContent-Length: 18\r\nConnection: close\r\n\r\nMethod Not Allowed',
    );
  });
}

/** No byte read or written on a socket for this long: the client is gone or stalling. */
export const IDLE_SOCKET_TIMEOUT_MS = 15_000;

/**
 * What every server of ours does with its connections, whichever process runs it: idle keep-alive
 * connections close after 5 s, a client that stops reading (or sending) is cut after
 * IDLE_SOCKET_TIMEOUT_MS without progress, so what the server holds for it is freed however many
 * such clients there are, and tunnels are refused. Returns the server's graceful stop
 * (gracefulClose.ts), which ends whatever clients do.
 */
export function guardConnections(server: Server): () => Promise<void> {
  server.keepAliveTimeout = 5000;
  cutStalledSockets(server, IDLE_SOCKET_TIMEOUT_MS);
  refuseTunnels(server);
  return gracefulClose(server);
}
