import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** The request line and header lines of a request, as the parser read them, in its own bytes. */
export function requestHead(req: IncomingMessage): Buffer {
  let head = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  // Node reads header bytes as latin1: written back the same way, they are the bytes sent.
  return Buffer.from(`${head}\r\n`, 'latin1');
}

/** The parser took a chunked body apart; these are its bytes framed again as one chunk and the last one. */
export function chunkedBody(chunks: readonly Buffer[], rawTrailers: readonly string[]): Buffer {
  const body = Buffer.concat(chunks);
  let trailers = '';
  for (let i = 0; i < rawTrailers.length; i += 2) trailers += `${rawTrailers[i]}: ${rawTrailers[i + 1]}\r\n`;
  return Buffer.concat([
    body.length > 0 ? Buffer.from(`${body.length.toString(16)}\r\n`, 'latin1') : Buffer.alloc(0),
    body,
    Buffer.from(`${body.length > 0 ? '\r\n' : ''}0\r\n${trailers}\r\n`, 'latin1'),
  ]);
}

/**
 * Node's HTTP server marks a socket it paused itself with `_paused`, and only then does reading a
 * request's buffered body not start the socket again: the bytes after it must stay in the kernel
 * for the app. Pausing emits 'pause', on which the server stops reading the handle.
 */
export function stopReading(socket: Socket): void {
  (socket as Socket & { _paused?: boolean })._paused = true;
  socket.pause();
}

export function resumeReading(socket: Socket): void {
  (socket as Socket & { _paused?: boolean })._paused = false;
  socket.resume();
}
