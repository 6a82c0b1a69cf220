import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { openConnections } from './openConnections';

/**
 * Cuts every connection that has moved no byte, in or out, for `idleMs`: a client that stopped
 * reading (or sending) holds nothing of ours for longer than that, however many such clients there
 * are. One sweep every few seconds instead of Node's per-socket timeout (`server.timeout`), which
 * re-arms a timer at every read and write: on the static hot path that was about 3 % of the
 * server's CPU per request.
 *
 * Progress is bytes read plus bytes the kernel has taken. Node's `bytesWritten` counts a large
 * answer whole as soon as it is handed to libuv, so a client reading a 7 MB list over a slow line
 * made no progress by that count and was cut after the idle time, mid-answer. What libuv still
 * holds (`writeQueueSize` of the socket's handle, kept current by libuv as the kernel drains it)
 * is taken off.
 */
export function cutStalledSockets(
  server: Server,
  idleMs: number,
  everyMs = Math.max(500, Math.floor(idleMs / 5)),
): void {
  const watched = openConnections(server).progress;
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, last] of watched) {
      const bytes = socket.bytesRead + socket.bytesWritten - queuedInLibuv(socket);
      if (bytes !== last.bytes) {
        last.bytes = bytes;
        last.at = now;
      } else if (now - last.at >= idleMs) {
        socket.destroy();
      }
    }
  }, everyMs);
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}

/** Bytes of this socket's writes that libuv has not handed to the kernel yet (0 once it is closed). */
function queuedInLibuv(socket: Socket): number {
  const handle = (socket as Socket & { _handle?: { writeQueueSize?: number } | null })._handle;
  return handle?.writeQueueSize ?? 0;
}
