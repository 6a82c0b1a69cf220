import { getSql } from './db';
import type { Tx } from '../publishQueue';
import { wakePublishers } from '../publishSignal';
import { afterCommit } from '../mailSignal';

/**
 * One transaction for a whole admin use case (the change, its history entry and its publish
 * request commit together or not at all). Inside `fn`, use only `tx`: with the embedded database a
 * query on another pooled connection would wait for this transaction forever (docs/decisions/0005-embedded-database-socket.md).
 */
export async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const sql = await getSql();
  const result = (await sql.begin((tx) => fn(tx))) as T;
  // A mail queued in it goes now (docs/decisions/0038-mail-outbox.md), not at the sender's next poll.
  afterCommit();
  return result;
}

/** Runs `fn` in the caller's transaction, or in a new one when there is none. */
export function within<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : transaction(fn);
}

/**
 * A listing write (its publish request queued with `queuePublish`) in the caller's transaction, whose
 * commit tells the publishers (services/listings/effects.ts), or in a transaction of its own, after
 * which this tells them itself.
 */
export async function withinSignalled<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (tx) return fn(tx);
  const result = await transaction(fn);
  wakePublishers();
  return result;
}
