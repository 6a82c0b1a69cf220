import { getSql } from './db';
import type { Tx } from '../publishQueue';

/**
 * One transaction for a whole admin use case (the change, its history entry and its publish
 * request commit together or not at all). Inside `fn`, use only `tx`: with the embedded database a
 * query on another pooled connection would wait for this transaction forever (docs/decisions/0005-embedded-database-socket.md).
 */
export async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const sql = await getSql();
  return (await sql.begin((tx) => fn(tx))) as T;
}

/** Runs `fn` in the caller's transaction, or in a new one when there is none. */
export function within<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : transaction(fn);
}
