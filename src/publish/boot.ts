import { latestRequest } from '../data/publishing';
import { linkDependencies } from './builder/astroBuild';
import { builtFromCurrentCode, dataPagesOf } from './builder/buildSite';
import { codeFingerprint } from './builder/fingerprint';
import { tryBuildLock } from './lock';
import type { PublishResult } from './plan';
import { publishAndRecord, type Builder } from './record';
import { PageRenderer } from './render/pageRenderer';
import { keepCodeBuild, useCachedCodeBuild, type CodeCache } from './siteFolder/codeCache';
import { linkTree, removeTree } from './siteFolder/links';
import { newBuildId } from './siteFolder/paths';
import { liveBuildId } from './siteFolder/swap';

/**
 * At start (README.md): make sure this DATA_DIR has a live build made from this code, building
 * one if not, and return its id: the server code this process runs comes from it. Under the site's
 * build lock, so instances sharing a DATA_DIR and starting together build once. A new instance's
 * build is made from the database as it is now, so it serves current data from its first request.
 *
 * With a code cache (`codeCache`, BUILD_CACHE_DIR) a build of this code made for another DATA_DIR
 * is copied and this site's pages are rendered into it in-process (siteFolder/codeCache.ts); a
 * start that has to run `astro build` keeps its build there for the next.
 */
export async function ensureLiveBuild(
  builder: Builder,
  log: (m: string) => void,
  codeCache?: CodeCache,
): Promise<string> {
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
      const result =
        (codeCache && (await renderFromCachedBuild(builder, requestId, codeCache, log))) ||
        (await buildThisCode(builder, requestId, log));
      if (result.outcome === 'failed') throw new Error(result.error);
      if (result.outcome === 'aborted') throw new Error('the start-up build was aborted');
      if (codeCache && result.how === 'astro-build') {
        const made = builder.paths.build(result.buildId);
        await keepCodeBuild(codeCache, codeFingerprint(), made, dataPagesOf(made)).catch((error: Error) =>
          log(`The build was not kept in BUILD_CACHE_DIR (${error.message}); the next start builds again.`),
        );
      }
      return result.buildId;
    } finally {
      await release();
    }
  }
}

async function buildThisCode(builder: Builder, requestId: number, log: (m: string) => void): Promise<PublishResult> {
  log('Building the site…');
  const result = await publishAndRecord({ ...builder, hookUrl: null }, requestId, 'boot');
  if (result.outcome === 'published') {
    log(
      `Site built in ${(result.ms / 1000).toFixed(1)} s (${result.rendered} pages rendered, ${result.restored} restored).`,
    );
  }
  return result;
}

/**
 * This site's pages rendered in-process over a copy of the cached build of this code; null when
 * the cache holds none or its copy cannot be used, and the start builds instead. A render that
 * fails is published by an `astro build` of the same snapshot (buildSite.ts, the safety net).
 */
async function renderFromCachedBuild(
  builder: Builder,
  requestId: number,
  codeCache: CodeCache,
  log: (m: string) => void,
): Promise<PublishResult | null> {
  const cached = useCachedCodeBuild(codeCache, codeFingerprint(), (why) =>
    log(`The cached build of this code in BUILD_CACHE_DIR is not used (${why}): building as if there were no cache.`),
  );
  if (!cached) return null;
  const base = newBuildId();
  const baseDir = builder.paths.build(base);
  try {
    await linkTree(cached, baseDir);
    linkDependencies(builder.paths.builds);
    const renderer = PageRenderer.load(baseDir);
    if (!renderer) throw new Error('it kept no page renderer');
    const result = await publishAndRecord(
      { ...builder, hookUrl: null, renderer, base, pinned: [...(builder.pinned ?? []), base] },
      requestId,
      'boot',
    );
    if (result.outcome === 'published') {
      log(
        `Site rendered in ${(result.ms / 1000).toFixed(1)} s from the cached build of this code (${result.rendered} pages rendered).`,
      );
    }
    return result;
  } catch (error) {
    log(`The cached build of this code could not be used (${(error as Error).message}).`);
    return null;
  } finally {
    // The new build holds its own links to every file it kept; the copy it was made over goes.
    await removeTree(baseDir).catch(() => undefined);
  }
}
