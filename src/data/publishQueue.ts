import type postgres from 'postgres';
import type { Sql } from './db';

export type Tx = Sql | postgres.TransactionSql;

/** Records that public pages must be rebuilt; called inside the transaction of the change itself (issue 3). */
export async function requestPublish(tx: Tx, reason: string): Promise<void> {
  await tx`insert into publish_requests (reason) values (${reason.slice(0, 200)})`;
  // Wakes a publisher in this process at once; other instances find the row when they poll.
  (globalThis as { [k: symbol]: (() => void) | undefined })[Symbol.for('emdr.publish.kick')]?.();
}
