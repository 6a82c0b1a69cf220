import { pruneUnknownEmailEntries } from '../auth/securityLog';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Security entries about emails no member has are deleted 90 days after they were written
 * (docs/product.md, "Security log"): once at start and then every day, on every
 * instance (a delete that finds nothing costs one indexed query).
 */
export function startSecurityLogRetention(log: (message: string) => void): () => void {
  const prune = () =>
    void pruneUnknownEmailEntries()
      .then((removed) => {
        if (removed > 0) log(`Security log: ${removed} entries about unknown emails older than 90 days deleted.`);
      })
      .catch((error: unknown) => log(`[security log] pruning failed: ${String(error)}`));
  prune();
  const timer = setInterval(prune, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
