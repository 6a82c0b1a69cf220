import { createHash } from 'node:crypto';
import type { SiteTraining } from '../domain/siteData';
import { publicEnv, serverEnv } from '../env';
import { listedStates } from './siteData';

/**
 * The incremental build's key for a /training/{id} page: everything the page shows, the
 * training row with its trainer row, plus shared inputs (site URL, public links). The page's own
 * code is covered by Astro, which also hashes each page's module graph. Whether the training's
 * state has a page (the "More EMDR Trainings in …" link) is an input too.
 */
export function pageCacheKey(training: SiteTraining): string {
  const shared = { site: serverEnv().siteUrl, env: publicEnv(), year: new Date().getFullYear() };
  const statePage = listedStates().some((s) => s.code === training.state);
  return createHash('sha256')
    .update(JSON.stringify([training, shared, statePage]))
    .digest('hex');
}
