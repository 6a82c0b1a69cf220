import { tryAdvisoryLock } from '../data/locks/advisoryLock';

/**
 * One build at a time per site (one DATA_DIR, or the CDN in hook mode): instances sharing a DATA_DIR
 * on one PostgreSQL server take turns; instances with DATA_DIRs of their own build side by side.
 */
const BUILD_LOCK = 7_110_002;

export function tryBuildLock(siteId: string): Promise<(() => Promise<void>) | null> {
  return tryAdvisoryLock(BUILD_LOCK, siteId);
}
