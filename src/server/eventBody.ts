import type { IncomingMessage } from 'node:http';
import { MAX_EVENT_BYTES } from '../http/eventAnswer';

/**
 * The beacon's body as the host reads it (http/eventAnswer.ts decides the answer): the text, or null
 * past MAX_EVENT_BYTES or when the client went away. The rest of a body that is too long is not
 * read: the answer closes the connection.
 */
export function readEventBody(req: IncomingMessage): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_EVENT_BYTES) return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_EVENT_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve(null);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // A client that goes away mid-body: nothing is counted (a resolved promise ignores later calls).
    req.once('close', () => resolve(null));
    req.once('error', () => resolve(null));
  });
}
