import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { openConnections } from './openConnections';

/** How often a closing server looks again for connections whose last answer has just ended. */
const IDLE_SWEEP_MS = 25;

/**
 * A graceful stop that ends, whatever clients do. From the call on, the server accepts nothing new,
 * answers in flight finish with `Connection: close`, and connections between requests close; the
 * promise resolves when the last connection this server served has closed.
 *
 * Node's `server.close()` callback alone is not that: a keep-alive client that keeps asking holds
 * it open, a connection adopted with `emit('connection')` (the app's, from the static front) is not
 * counted at all, and one sent to another process is counted until that process closes it.
 */
export function gracefulClose(server: Server): () => Promise<void> {
  const open = openConnections(server);
  let done: Promise<void> | undefined;
  return () =>
    (done ??= (async () => {
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      if (server.listening) server.close();
      // From now on, before the handler writes its head (static answers are written at once); only
      // now, so that serving pays nothing for it. A request with `Expect: 100-continue` to a server
      // that listens for it is left to the sweep.
      server.prependListener('request', (_req, res: ServerResponse) => {
        res.shouldKeepAlive = false;
      });
      // The answers being made now, whose head is not written yet, end their connections too.
      // (`_httpMessage` is the socket's current answer, as Node's own HTTP code keeps it.)
      for (const socket of open.sockets()) {
        const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        if (res && !res.headersSent) res.shouldKeepAlive = false;
      }
      server.closeIdleConnections();
      await open.emptied();
      clearInterval(sweep);
    })());
}
