import { createHash } from 'node:crypto';
import type { SiteTraining } from '../domain/siteData';
import { publicEnv } from '../env';

/**
 * The incremental build's key for a /training/{id} page (issue 3): everything the page shows, the
 * training row with its trainer row, plus shared inputs (site URL, public links). The page's own
 * code is covered by Astro, which also hashes each page's module graph.
 */
export function pageCacheKey(training: SiteTraining): string {
  const shared = { site: process.env.SITE_URL ?? '', env: publicEnv(), year: new Date().getFullYear() };
  return createHash('sha256')
    .update(JSON.stringify([training, shared]))
    .digest('hex');
}
