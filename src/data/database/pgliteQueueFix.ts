import type { PGlite } from '@electric-sql/pglite';

/**
 * pglite-socket 0.2.17 queues each protocol message on its own and only keeps one client's messages
 * together inside a transaction. Outside one, another client's message can land between a client's
 * Bind and Execute, and PGlite answers `portal "" does not exist` (seen under load; upstream issue
 * electric-sql/pglite#1046). This replaces the queue's scheduler so that a client's extended-protocol
 * sequence (Parse/Bind/Describe/Execute/Close/Flush … up to its Sync) is never interleaved.
 * The package version is pinned exactly; this depends on its queue's shape and says so if it changes.
 */
interface QueueItem {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}
interface Queue {
  queue: QueueItem[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const SEQUENCE = new Set(['P', 'B', 'D', 'E', 'C', 'H']);

export function keepProtocolSequencesTogether(server: object): void {
  const queue = (server as { queryQueue?: Queue }).queryQueue;
  if (!queue || !Array.isArray(queue.queue) || typeof queue.processQueue !== 'function') {
    throw new Error('pglite-socket changed: the queue fix in src/data/database/pgliteQueueFix.ts must be revisited');
  }
  let openSequence: number | null = null;

  queue.processQueue = async function processQueue(this: Queue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId ? this.lastHandlerId : openSequence;
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        // The owner's next message has not arrived yet: wait for it rather than serve someone else.
        if (index === -1) break;
        const item = this.queue.splice(index, 1)[0]!;
        const type = item.message.length > 0 ? String.fromCharCode(item.message[0]!) : '';
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          openSequence = null;
          item.reject(error);
          continue;
        }
        openSequence = SEQUENCE.has(type) ? item.handlerId : null;
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (openSequence === handlerId) {
      openSequence = null;
      void queue.processQueue();
    }
  };
}
