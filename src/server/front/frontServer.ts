import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type net from 'node:net';
import { StaticAnswers, liveDir } from '../staticAnswers';
import { rememberHashes } from '../compressedCopies';
import { answerLengthRequired, guardConnections, guardRequests } from '../requestGuard';
import { routeFor } from '../routes';
import { lengthRequired } from '../bodyRules';
import { clientAddress, parseTrustProxy } from '../clientAddress';
import { sendHealth } from '../healthReply';
import { ConnectionHandOff } from './handOff';
import { AppHealth } from './appHealth';
import type { FrontConfig, ToApp, ToFront } from './role';

/**
 * The static front's process (docs/decisions/0017-static-front.md): it accepts every connection on
 * the app's port and answers the reads no route claims (the published pages, feeds and assets, their
 * redirects and 404 pages) with the same StaticAnswers as the app. A connection's first request for
 * anything else hands the connection over to the app (handOff.ts), which serves it from then on.
 * Nothing of the app is loaded here: Node's HTTP code runs in an isolate that has seen only this.
 */
export function runStaticFront(config: FrontConfig): { heldBytes(): number } {
  const tell = (message: ToApp, socket?: net.Socket, done?: () => void) =>
    // Without a callback a failed send (the app just went) would be thrown as an 'error' event.
    socket
      ? process.send!(message, socket, { keepOpen: false }, done)
      : process.send!(message, undefined, undefined, () => {});

  const statics = new StaticAnswers(
    liveDir(config.currentLink),
    config.serverBuildDir,
    config.headers,
    config.copiesDir,
  );
  const trust = parseTrustProxy(config.trustProxy);
  const handOff = new ConnectionHandOff(
    (socket, bytes, sent) =>
      tell({ kind: 'connection', head: bytes.toString('base64') }, socket, () => {
        socket.destroy();
        sent();
      }),
    { clientOf: (req) => clientAddress(req, trust) },
  );
  const health = new AppHealth((id, pathname) => tell({ kind: 'health', id, pathname }));

  const answer = guardRequests((req, res, { pathname }) => {
    const route = routeFor(pathname, req.method);
    if (route?.handler === 'health') {
      // Asked of the app over IPC, never through a hand-off (appHealth.ts).
      // A hand-off after it waits until the answer has left: until then Node's server still
      // counts it as the connection's current answer.
      handOff.answerFirst(req.socket, new Promise((resolve) => res.once('finish', resolve).once('close', resolve)));
      return health.answer(pathname).then((reply) => {
        statics.setSecurityHeaders(res);
        sendHealth(res, reply);
      });
    }
    if (route) return handOff.add(req);
    statics.answer(req, res, pathname);
  });
  // Only reads can be the front's. Once a connection is being handed over, every request on it is
  // the app's too: answers leave in order.
  const isTheApps = (req: IncomingMessage) =>
    (req.method !== 'GET' && req.method !== 'HEAD') || handOff.isHandingOff(req.socket);
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Before anything gathers it: only an upload's body may come chunked (bodyRules.ts).
    if (lengthRequired(req)) return answerLengthRequired(res);
    return isTheApps(req) ? handOff.add(req) : answer(req, res);
  };

  const server = http.createServer(onRequest);
  const closeGracefully = guardConnections(server);
  // `Expect: 100-continue` is the app's to answer for the requests it gets: the front says nothing.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (lengthRequired(req)) return answerLengthRequired(res);
    if (isTheApps(req)) return handOff.add(req);
    res.writeContinue();
    answer(req, res);
  });

  process.on('message', (message: ToFront, listener?: net.Server) => {
    switch (message.kind) {
      case 'listen':
        // The app's listening socket: this server takes its connections from now on.
        server.listen(listener!, () => tell({ kind: 'ready' }));
        return;
      case 'hashes':
        return rememberHashes(message.added, message.forgotten);
      case 'swapped':
        return statics.invalidate();
      case 'health':
        return health.answered(message.id, message.answer);
      case 'close':
        // Without waiting for the connections handed over: they are the app's to finish.
        void closeGracefully().then(() => process.exit(0));
        return;
    }
  });
  // The app is gone (stopped, or killed): the front must not keep its port.
  process.on('disconnect', () => process.exit(0));
  // Ctrl-C and a service manager's stop reach the whole process group: the app stops the front
  // itself, after the answers in flight ('close' above), so the signal alone does not end it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
  // What the front holds for hand-offs now (tests/support/testStart.ts reports it).
  return { heldBytes: () => handOff.heldBytes };
}
