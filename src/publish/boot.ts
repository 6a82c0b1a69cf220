import { buildAndSwap, builtFromCurrentCode } from './buildSite';
import { tryBuildLock } from './lock';
import type { SitePaths } from './paths';
import { latestRequest, recordFailure, recordSuccess, setState } from './state';
import { liveBuildId } from './swap';

/**
 * At start (CONTRACT.md): make sure a live build made from this code exists, building one if not,
 * and return its id: the server code this process runs comes from it. Under the build lock, so
 * instances starting together build once.
 */
export async function ensureLiveBuild(paths: SitePaths, log: (m: string) => void): Promise<string> {
  for (;;) {
    const live = liveBuildId(paths);
    if (live && builtFromCurrentCode(paths, live)) return live;
    const release = await tryBuildLock();
    if (!release) {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      const again = liveBuildId(paths);
      if (again && builtFromCurrentCode(paths, again)) return again;
      const { id: requestId } = await latestRequest();
      await setState('building');
      log('Building the site…');
      const outcome = await buildAndSwap(paths);
      if (!outcome.ok) {
        await recordFailure(requestId, outcome.error);
        throw new Error(outcome.error);
      }
      await recordSuccess(requestId, outcome.buildId);
      log(
        `Site built in ${(outcome.ms / 1000).toFixed(1)} s (${outcome.rendered} pages rendered, ${outcome.restored} restored).`,
      );
      return outcome.buildId;
    } finally {
      await release();
    }
  }
}
