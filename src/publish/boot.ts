import { latestRequest } from '../data/publishing';
import { builtFromCurrentCode } from './buildSite';
import { tryBuildLock } from './lock';
import { buildAndRecord, type Builder } from './record';
import { liveBuildId } from './swap';

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
      const outcome = await buildAndRecord(builder, requestId, 'boot');
      if (!outcome.ok) throw new Error(outcome.error);
      log(
        `Site built in ${(outcome.ms / 1000).toFixed(1)} s (${outcome.rendered} pages rendered, ${outcome.restored} restored).`,
      );
      return outcome.buildId;
    } finally {
      await release();
    }
  }
}
