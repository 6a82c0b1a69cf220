import type { ChildProcess } from 'node:child_process';
import type net from 'node:net';

/**
 * Sends over a child's IPC channel when nothing is lost if the child has gone: the static front
 * may be gone, or going, by the time a publish swaps. Node notices a dead channel only when the
 * event loop reads its end, so `connected` can still be true and the send then fails (EPIPE).
 * Without a callback Node emits that failure as an 'error' on the child, and with no listener
 * that ends the app; with one, it is passed to the callback and dropped.
 */
export function sendQuietly(child: ChildProcess, message: unknown, handle?: net.Server | net.Socket): void {
  if (child.connected) child.send(message as object, handle, undefined, () => {});
}
