import type { Socket } from 'node:net';

/**
 * A chunked body is held by the front until it ends (the parser's place inside a chunk cannot be
 * handed on); beyond this, the connection is closed. Only uploads may be chunked (bodyRules.ts), and
 * the largest upload the app takes is a photo (5 MiB).
 */
export const CHUNKED_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * What the front holds for all hand-offs at once: bodies being gathered, and bytes given to IPC
 * that the app has not taken yet (a stalled app leaves them queued here).
 */
export const HAND_OFF_BUDGET = 32 * 1024 * 1024;

/** What one client address may hold of that: one body's worth, in at most this many bodies at once. */
const CLIENT_LIMIT = CHUNKED_BODY_LIMIT;
export const CLIENT_BODIES = 4;

/** A connection whose body the front is gathering. */
export interface Holder {
  socket: Socket;
  client: string;
  /** Bytes of its body gathered so far. */
  gathered: number;
}

interface Client {
  /** Gathered and sent-but-not-taken bytes. */
  bytes: number;
  holders: Set<Holder>;
}

export interface BudgetLimits {
  total: number;
  perClient: number;
  bodiesPerClient: number;
}

/**
 * The front's hand-off memory, bounded whatever clients do (docs/security.md: four connections from one
 * address that each sent 8 MiB of a chunked body and then never finished it filled the whole budget,
 * and every request for the app after them was closed unanswered). One address may hold at most
 * `perClient` bytes; when there is no room, the largest body being gathered is closed, never the
 * newcomer for being new: a client asking something small always gets through while one hoards.
 */
export class HandOffBudget {
  private total = 0;
  private readonly holders = new Set<Holder>();
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly limits: BudgetLimits = {
      total: HAND_OFF_BUDGET,
      perClient: CLIENT_LIMIT,
      bodiesPerClient: CLIENT_BODIES,
    },
  ) {}

  /** Bytes held now. */
  get held(): number {
    return this.total;
  }

  /** Room for `bytes` more of the holder's body, made by closing larger holders; false if the holder was closed. */
  gather(holder: Holder, bytes: number): boolean {
    const isNew = !this.holders.has(holder);
    const overClient = () => {
      const client = this.clients.get(holder.client);
      if (!client) return bytes > this.limits.perClient;
      return (
        client.bytes + bytes > this.limits.perClient || (isNew && client.holders.size >= this.limits.bodiesPerClient)
      );
    };
    while (overClient()) if (!this.shedLargest(this.holdersOf(holder.client), holder, bytes)) return false;
    while (this.total + bytes > this.limits.total) if (!this.shedLargest(this.holders, holder, bytes)) return false;
    holder.gathered += bytes;
    this.entry(holder.client).holders.add(holder);
    this.holders.add(holder);
    this.count(holder.client, bytes);
    return true;
  }

  /** The holder's body is sent or its connection closed: its bytes no longer count. */
  drop(holder: Holder): void {
    if (!this.holders.delete(holder)) return;
    this.clients.get(holder.client)?.holders.delete(holder);
    this.count(holder.client, -holder.gathered);
    holder.gathered = 0;
  }

  /** Room for bytes going to the app (counted until `taken`), made by closing the largest holders. */
  send(address: string, bytes: number): boolean {
    const overClient = () => (this.clients.get(address)?.bytes ?? 0) + bytes > this.limits.perClient;
    while (overClient()) if (!this.shedLargest(this.holdersOf(address), null, 0)) return false;
    while (this.total + bytes > this.limits.total) if (!this.shedLargest(this.holders, null, 0)) return false;
    this.count(address, bytes);
    return true;
  }

  taken(address: string, bytes: number): void {
    this.count(address, -bytes);
  }

  private holdersOf(address: string): Iterable<Holder> {
    return this.clients.get(address)?.holders ?? [];
  }

  private entry(address: string): Client {
    let client = this.clients.get(address);
    if (!client) this.clients.set(address, (client = { bytes: 0, holders: new Set() }));
    return client;
  }

  /** Adds to a client's bytes and the total; a client holding nothing is forgotten. */
  private count(address: string, bytes: number): void {
    const client = this.entry(address);
    client.bytes += bytes;
    this.total += bytes;
    if (client.bytes === 0 && client.holders.size === 0) this.clients.delete(address);
  }

  /**
   * Closes the largest of `holders`, the newcomer counted with the bytes it brings (on a tie, the
   * other one goes). False when there was none to close but the newcomer, which is then closed.
   */
  private shedLargest(holders: Iterable<Holder>, newcomer: Holder | null, bringing: number): boolean {
    let largest: Holder | null = newcomer;
    let size = newcomer ? newcomer.gathered + bringing : -1;
    for (const holder of holders) {
      if (holder !== newcomer && holder.gathered >= size) {
        largest = holder;
        size = holder.gathered;
      }
    }
    if (!largest) return false;
    this.drop(largest);
    largest.socket.destroy();
    return largest !== newcomer;
  }
}
