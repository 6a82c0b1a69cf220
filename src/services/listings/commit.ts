import { transaction } from '../../data/database/transaction';
import type { Tx } from '../../data/publishQueue';
import { runEffects, type Effect } from './effects';

/**
 * The commit of one listing save (docs/architecture.md, Where a listing is saved): everything the save
 * writes (the row, its history entry, the proposal, the versions) in one transaction, then the
 * after-commit effects that transaction returned, and only if it committed. A record kind's write
 * module (training.ts, trainer.ts) builds its saves on this and on proposals.ts.
 *
 * Inside `write`, use only `tx`: with the embedded database a read on another connection would wait
 * for this transaction forever (docs/decisions/0005-embedded-database-socket.md). Read what a save
 * needs from elsewhere (the member's scope, whether they are trusted) before it.
 */
export interface Committed<T> {
  result: T;
  effects: Effect[];
}

export async function commit<T>(write: (tx: Tx) => Promise<Committed<T>>): Promise<T> {
  const { result, effects } = await transaction(write);
  await runEffects(effects);
  return result;
}

/** A save that changed nothing after the commit needs. */
export const only = <T>(result: T, effects: Effect[] = []): Committed<T> => ({ result, effects });
