/**
 * The mail sender's wake-up (docs/decisions/0038-mail-outbox.md): a mail queued in a transaction is
 * sent as soon as that transaction commits, not at the sender's next poll. `transaction()` calls
 * `afterCommit()`; the sender of this process listens. One module, so one set of listeners per process
 * (docs/decisions/0039-one-copy-of-the-code.md). Other instances find the row at their next poll.
 */
const listeners = new Set<() => void>();
let queued = false;

/** A mail row was written: the next commit wakes the sender. */
export function mailQueued(): void {
  queued = true;
}

/** A transaction committed: wake the sender when a mail was queued since the last wake. */
export function afterCommit(): void {
  if (!queued) return;
  queued = false;
  wakeMailSender();
}

export function wakeMailSender(): void {
  for (const listener of listeners) listener();
}

export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
