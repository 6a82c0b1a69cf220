import { latestRequest, listBuilds, readSite, requestFullRebuild, type BuildRecord } from '../../src/data/publishing';
import { waitFor } from './server';
import { sitePaths, siteIdentity } from '../../src/publish';

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

/** Until the site has published every change requested so far and builds nothing. */
export const untilQuiet = (dataDir: string, timeoutMs = 90_000): Promise<void> =>
  untilSiteQuiet(siteOf(dataDir), timeoutMs);

/** untilQuiet for a site named by its identity (a deploy hook's site has no DATA_DIR of its own). */
export async function untilSiteQuiet(site: string, timeoutMs = 90_000): Promise<void> {
  await waitFor(async () => {
    const [state, latest] = await Promise.all([readSite(site), latestRequest(site)]);
    return state.state === 'idle' && latest.id <= state.publishedRequestId;
  }, timeoutMs);
}

/**
 * Until the site is quiet and its last change is older than the publisher's debounce, so the next
 * change is a lone one (published at once, not held back to join a burst).
 */
export async function untilLone(dataDir: string, debounceMs: number, timeoutMs = 90_000): Promise<void> {
  await untilQuiet(dataDir, timeoutMs);
  const [{ requestedAt }, { lastPublishedAt }] = await Promise.all([
    latestRequest(siteOf(dataDir)),
    readSite(siteOf(dataDir)),
  ]);
  // A change within the debounce of the last request, or of the last publish, joins a burst.
  const last = Math.max(requestedAt.getTime(), lastPublishedAt?.getTime() ?? 0);
  const left = last + debounceMs - Date.now();
  // The debounce itself is what the publisher waits on: here the one wait for time, not for a state.
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** An operator's full rebuild (`npm run admin -- rebuild-site`), waited for until it has ended and the site is quiet. */
export async function fullRebuild(dataDir: string): Promise<void> {
  const fullBuilds = async (ended: boolean) =>
    (await buildsOf(dataDir)).filter((b) => b.kind === 'full' && (!ended || b.outcome)).length;
  const before = await fullBuilds(false);
  await requestFullRebuild();
  await waitFor(async () => (await fullBuilds(true)) > before, 600_000, 200);
  await untilQuiet(dataDir);
}
