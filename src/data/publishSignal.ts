import { getSql, usesExternalDatabase } from './database/db';

/**
 * The publisher's wake-up. A change sends `pg_notify` in its own transaction (see publishing.ts);
 * every instance LISTENs on a PostgreSQL server, so all of them hear of it as it commits. A publisher
 * in the process that made the change is also called directly: on the embedded database that is the
 * only way (its one shared backend session cannot tell listeners apart).
 *
 * The routes that save and the publisher that listens import this one module
 * (docs/decisions/0039-one-copy-of-the-code.md): one set of listeners per process.
 */
export const PUBLISH_CHANNEL = 'emdr_publish';

const wakeListeners = new Set<() => void>();

function listeners(): Set<() => void> {
  return wakeListeners;
}

/** Tells the publishers of this process to look at the queue now. */
export function wakePublishers(): void {
  for (const listener of listeners()) listener();
}

/**
 * Calls `onWake` for every publish request of any instance, and whenever the LISTEN connection is
 * (re)established, since notifications sent while it was down are lost. Resolves to a stop function.
 */
export async function onPublishRequest(
  onWake: () => void,
  log?: (message: string) => void,
): Promise<() => Promise<void>> {
  listeners().add(onWake);
  let unlisten: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  const subscribe = async () => {
    try {
      const sql = await getSql();
      const subscription = await sql.listen(PUBLISH_CHANNEL, () => onWake(), onWake);
      if (stopped) await subscription.unlisten();
      else unlisten = () => subscription.unlisten();
    } catch (error) {
      // The periodic poll still finds requests; try to listen again later.
      log?.(`publisher: cannot listen for changes (${(error as Error).message}); polling until it can`);
      if (!stopped) retry = setTimeout(() => void subscribe(), 30_000);
      retry?.unref();
    }
  };
  if (usesExternalDatabase()) await subscribe();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    listeners().delete(onWake);
    await unlisten?.().catch(() => undefined);
  };
}
