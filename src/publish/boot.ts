import { latestRequest } from '../data/publishing';
import { builtFromCurrentCode } from './builder/buildSite';
import { tryBuildLock } from './lock';
import { publishAndRecord, type Builder } from './record';
import { liveBuildId } from './siteFolder/swap';

/**
 * At start (README.md): make sure this DATA_DIR has a live build made from this code, building
 * one if not, and return its id: the server code this process runs comes from it. Under the site's
 * build lock, so instances sharing a DATA_DIR and starting together build once. A new instance's
 * build is made from the database as it is now, so it serves current data from its first request.
 */
export async function ensureLiveBuild(builder: Builder, log: (m: string) => void): Promise<string> {
  for (;;) {
    const live = liveBuildId(builder.paths);
    if (live && builtFromCurrentCode(builder.paths, live)) return live;
    const release = await tryBuildLock(builder.siteId);
    if (!release) {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      const again = liveBuildId(builder.paths);
      if (again && builtFromCurrentCode(builder.paths, again)) return again;
      // Read before the snapshot is taken, so the build holds at least every change up to this id.
      const { id: requestId } = await latestRequest(builder.siteId);
      log('Building the site…');
      const result = await publishAndRecord({ ...builder, hookUrl: null }, requestId, 'boot');
      if (result.outcome === 'failed') throw new Error(result.error);
      if (result.outcome === 'aborted') throw new Error('the start-up build was aborted');
      log(
        `Site built in ${(result.ms / 1000).toFixed(1)} s (${result.rendered} pages rendered, ${result.restored} restored).`,
      );
      return result.buildId;
    } finally {
      await release();
    }
  }
}
