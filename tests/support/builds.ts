import { listBuilds, readSite, type BuildRecord } from '../../src/data/publishing';
import { sitePaths } from '../../src/publish/paths';
import { siteIdentity } from '../../src/publish/siteIdentity';

/**
 * What a DATA_DIR's publisher did, read from the structured build record in the database (the test
 * process's data layer must point at the server's database).
 */
export const siteOf = (dataDir: string): string => siteIdentity(sitePaths(dataDir));

export const buildsOf = (dataDir: string): Promise<BuildRecord[]> => listBuilds(siteOf(dataDir));

export const progressOf = (dataDir: string) => readSite(siteOf(dataDir));

/** Builds published for a change or the daily refresh (the start-up build is not counted). */
export async function publishedCount(dataDir: string): Promise<number> {
  return (await buildsOf(dataDir)).filter((b) => b.kind !== 'boot' && b.outcome === 'published').length;
}

export async function abortedCount(dataDir: string): Promise<number> {
  return (await buildsOf(dataDir)).filter((b) => b.outcome === 'aborted').length;
}

export async function startedCount(dataDir: string): Promise<number> {
  return (await buildsOf(dataDir)).filter((b) => b.kind !== 'boot').length;
}
