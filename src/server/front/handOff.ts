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

const isChunked = (req: IncomingMessage) => /\bchunked\b/i.test(String(req.headers['transfer-encoding'] ?? ''));

/**
 * A chunked body is held here until it ends (the parser's place inside a chunk cannot be handed
 * on); beyond this, the connection is closed. Browsers send their bodies with a length, and the
 * largest body the app takes is a photo (5 MiB).
 */
export const CHUNKED_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * What the front holds for all hand-offs at once: bodies being gathered, and bytes given to IPC
 * that the app has not taken yet (a stalled app leaves them queued here). A connection that would
 * go beyond is closed: memory stays bounded whatever clients do.
 */
export const HAND_OFF_BUDGET = 32 * 1024 * 1024;

interface HeldRequest {
  req: IncomingMessage;
  /** A chunked body, gathered until it ends. */
  chunks?: Buffer[];
}

interface Connection {
  held: HeldRequest[];
  /** Chunked bodies still arriving. */
  open: number;
  /** Bytes of chunked bodies gathered, counted in the budget until they are sent or dropped. */
  gathered: number;
  scheduled: boolean;
}

const EMPTY = Buffer.alloc(0);

/**
 * Hands a connection over to the app from its first request the front does not answer itself. The
 * socket stops being read; once the parser is done with what it already read and every answer the
 * front wrote has left, the requests it parsed and not answered go to the app as bytes (`send`),
 * with the socket, in order: the app parses them again and reads the rest from the socket. Pipelined
 * requests after that one, even for files, are the app's too: answers must leave in order.
 */
export class ConnectionHandOff {
  private readonly connections = new WeakMap<Socket, Connection>();
  /** Bytes held now against HAND_OFF_BUDGET. */
  private held = 0;

  /** `send` calls `sent` once the app has the bytes (or the send failed). */
  constructor(private readonly send: (socket: Socket, bytes: Buffer, sent: () => void) => void) {}

  /** Bytes held now for hand-offs (gathered bodies, sends not taken yet). */
  get heldBytes(): number {
    return this.held;
  }

  isHandingOff(socket: Socket): boolean {
    return this.connections.has(socket);
  }

  add(req: IncomingMessage): void {
    const socket = req.socket;
    let connection = this.connections.get(socket);
    if (!connection) {
      connection = { held: [], open: 0, gathered: 0, scheduled: false };
      this.connections.set(socket, connection);
    }
    const held: HeldRequest = { req };
    connection.held.push(held);
    if (isChunked(req) && !req.complete) {
      this.gather(socket, connection, held);
    } else {
      stopReading(socket);
    }
    this.schedule(socket, connection);
  }

  private gather(socket: Socket, connection: Connection, held: HeldRequest): void {
    const chunks: Buffer[] = (held.chunks = []);
    let size = 0;
    connection.open++;
    resumeReading(socket);
    held.req.on('data', (chunk: Buffer) => {
      if (socket.destroyed) return;
      if (size + chunk.length > CHUNKED_BODY_LIMIT || this.held + chunk.length > HAND_OFF_BUDGET) {
        socket.destroy();
        return;
      }
      size += chunk.length;
      connection.gathered += chunk.length;
      this.held += chunk.length;
      chunks.push(chunk);
    });
    socket.once('close', () => this.release(connection));
    held.req.once('end', () => {
      connection.open--;
      stopReading(socket);
      this.schedule(socket, connection);
    });
  }

  private schedule(socket: Socket, connection: Connection): void {
    if (connection.scheduled) return;
    connection.scheduled = true;
    // After the parser has gone through the rest of what was read with this request.
    setImmediate(() => {
      connection.scheduled = false;
      this.flush(socket, connection);
    });
  }

  private flush(socket: Socket, connection: Connection): void {
    if (socket.destroyed || connection.open > 0) return;
    // The front's answers on this connection leave first: the app's would otherwise overtake them.
    if (socket.writableLength > 0) {
      socket.write(EMPTY, () => this.flush(socket, connection));
      return;
    }
    const parts: Buffer[] = [];
    for (const { req, chunks } of connection.held) {
      parts.push(requestHead(req));
      if (chunks) parts.push(chunkedBody(chunks, req.rawTrailers));
      else {
        // What the parser already took of a body with a length; the rest is still in the socket.
        let chunk: Buffer | null;
        while ((chunk = req.read() as Buffer | null) !== null) parts.push(chunk);
      }
    }
    this.connections.delete(socket);
    // The gathered bodies are in `parts` now: counted once, as part of what is sent.
    this.release(connection);
    const bytes = Buffer.concat(parts);
    if (this.held + bytes.length > HAND_OFF_BUDGET) {
      socket.destroy();
      return;
    }
    this.held += bytes.length;
    this.send(socket, bytes, () => {
      this.held -= bytes.length;
    });
  }

  private release(connection: Connection): void {
    this.held -= connection.gathered;
    connection.gathered = 0;
  }
}

/**
 * Node's HTTP server marks a socket it paused itself with `_paused`, and only then does reading a
 * request's buffered body not start the socket again: the bytes after it must stay in the kernel
 * for the app. Pausing emits 'pause', on which the server stops reading the handle.
 */
function stopReading(socket: Socket): void {
  (socket as Socket & { _paused?: boolean })._paused = true;
  socket.pause();
}

function resumeReading(socket: Socket): void {
  (socket as Socket & { _paused?: boolean })._paused = false;
  socket.resume();
}
