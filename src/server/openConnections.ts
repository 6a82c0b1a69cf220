import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What the stall sweep last saw of a connection (stalledSockets.ts). */
export interface Progress {
  /** Bytes read plus bytes the kernel has taken; -1 before the first sweep. */
  bytes: number;
  /** When `bytes` last changed. */
  at: number;
}

/**
 * The connections a server has open: one registry per server, which both the stall sweep and the
 * graceful stop (gracefulClose.ts) read, kept by one 'connection' listener and one 'close'
 * listener per socket. A connection adopted with `emit('connection')` (the app's, from the static
 * front) is counted like an accepted one.
 */
export class OpenConnections {
  readonly progress = new Map<Socket, Progress>();
  private emptiedWaiters: (() => void)[] = [];

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.progress.set(socket, { bytes: -1, at: Date.now() });
      socket.once('close', () => {
        this.progress.delete(socket);
        if (this.progress.size === 0) for (const resolve of this.emptiedWaiters.splice(0)) resolve();
      });
    });
  }

  sockets(): IterableIterator<Socket> {
    return this.progress.keys();
  }

  /** Resolves once no connection is open (at once if none is). */
  emptied(): Promise<void> {
    if (this.progress.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.emptiedWaiters.push(resolve));
  }
}

const registries = new WeakMap<Server, OpenConnections>();

/** The server's registry, made at the first call: call it before the server accepts. */
export function openConnections(server: Server): OpenConnections {
  let found = registries.get(server);
  if (!found) registries.set(server, (found = new OpenConnections(server)));
  return found;
}
