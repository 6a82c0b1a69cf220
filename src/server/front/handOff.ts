import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { isChunked, UPLOAD_BODY_DEADLINE_MS } from '../bodyRules';
import { CHUNKED_BODY_LIMIT, HandOffBudget, type Holder } from './handOffBudget';
import { chunkedBody, requestHead, resumeReading, stopReading } from './handOffBytes';

interface HeldRequest {
  req: IncomingMessage;
  /** A chunked body, gathered until it ends. */
  chunks?: Buffer[];
}

interface Connection {
  held: HeldRequest[];
  /** Chunked bodies still arriving. */
  open: number;
  scheduled: boolean;
  /** What its gathered bodies hold of the budget, under its client's address. */
  holder: Holder;
}

export interface HandOffOptions {
  /** The address a request's bytes count against (the front passes clientAddress.ts's). */
  clientOf?: (req: IncomingMessage) => string;
  budget?: HandOffBudget;
  /** How long a chunked body may take to arrive (bodyRules.ts). */
  deadlineMs?: number;
}

const EMPTY = Buffer.alloc(0);

/**
 * Hands a connection over to the app from its first request the front does not answer itself. The
 * socket stops being read; once the parser is done with what it already read and every answer the
 * front wrote has left, the requests it parsed and not answered go to the app as bytes (`send`),
 * with the socket, in order: the app parses them again and reads the rest from the socket. Pipelined
 * requests after that one, even for files, are the app's too: answers must leave in order.
 * What it holds meanwhile is bounded per client and in all (handOffBudget.ts).
 */
export class ConnectionHandOff {
  private readonly connections = new WeakMap<Socket, Connection>();
  /** Answers the front is still making on a connection (it asks the app for health): they leave first. */
  private readonly answering = new WeakMap<Socket, Promise<void>>();
  private readonly budget: HandOffBudget;
  private readonly clientOf: (req: IncomingMessage) => string;
  private readonly deadlineMs: number;

  /** `send` calls `sent` once the app has the bytes (or the send failed). */
  constructor(
    private readonly send: (socket: Socket, bytes: Buffer, sent: () => void) => void,
    options: HandOffOptions = {},
  ) {
    this.budget = options.budget ?? new HandOffBudget();
    this.clientOf = options.clientOf ?? ((req) => req.socket.remoteAddress ?? 'unknown');
    this.deadlineMs = options.deadlineMs ?? UPLOAD_BODY_DEADLINE_MS;
  }

  /** Bytes held now for hand-offs (gathered bodies, sends not taken yet). */
  get heldBytes(): number {
    return this.budget.held;
  }

  /** Every later request on this connection is the app's: the front has handed it over or owes an answer on it. */
  isHandingOff(socket: Socket): boolean {
    return this.connections.has(socket) || this.answering.has(socket);
  }

  /** The front is making an answer on this connection: a hand-off after it waits until it has been written. */
  answerFirst(socket: Socket, answer: Promise<unknown>): void {
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    this.answering.set(socket, settled);
    void settled.then(() => {
      if (this.answering.get(socket) === settled) this.answering.delete(socket);
    });
  }

  add(req: IncomingMessage): void {
    const socket = req.socket;
    let connection = this.connections.get(socket);
    if (!connection) {
      const holder = { socket, client: this.clientOf(req), gathered: 0 };
      connection = { held: [], open: 0, scheduled: false, holder };
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
    const { holder } = connection;
    const close = () => {
      this.budget.drop(holder);
      socket.destroy();
    };
    let size = 0;
    connection.open++;
    resumeReading(socket);
    // A body trickled a byte at a time keeps the idle sweep away: it gets this long in all.
    const deadline = setTimeout(close, this.deadlineMs);
    deadline.unref();
    held.req.on('data', (chunk: Buffer) => {
      if (socket.destroyed) return;
      if (size + chunk.length > CHUNKED_BODY_LIMIT || !this.budget.gather(holder, chunk.length)) return close();
      size += chunk.length;
      chunks.push(chunk);
    });
    socket.once('close', () => {
      clearTimeout(deadline);
      this.budget.drop(holder);
    });
    held.req.once('end', () => {
      clearTimeout(deadline);
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
    const answering = this.answering.get(socket);
    if (answering) return void answering.then(() => this.flush(socket, connection));
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
    this.budget.drop(connection.holder);
    const bytes = Buffer.concat(parts);
    const { client } = connection.holder;
    if (!this.budget.send(client, bytes.length)) {
      socket.destroy();
      return;
    }
    this.send(socket, bytes, () => this.budget.taken(client, bytes.length));
  }
}
