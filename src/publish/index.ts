import { requestFullRebuild } from '../data/publishing';
import { isEmbeddedOwner, usesExternalDatabase } from '../data/database/db';
import { pageInputDigests } from '../prerender/pageInputs';
import { siteStatus } from '../services/siteStatus';
import { takeSnapshot } from './builder/snapshot';
import type { ExtraCheck } from './builder/checkBuild';
import { ensureLiveBuild } from './boot';
import { hookQuietMs } from './policy';
import { Publisher } from './publisher';
import { PageRenderer } from './render/pageRenderer';
import { sitePaths } from './siteFolder/paths';
import { Precompressor } from './siteFolder/precompressor';
import { publishingSiteId, siteIdentity } from './siteFolder/siteIdentity';
import { SpareBuild } from './siteFolder/spareBuild';
import { codeCacheKey } from './siteFolder/cacheSeal';

/*
 * The one entry point into publish/ (docs/decisions/0014-publisher.md): besides the publisher, the
 * pieces the operators' scripts (the CDN build, `npm run build`, the bench), the site-status route and
 * the publishing tests use. Modules inside publish/ import each other directly, never this file.
 */
export { ensureLiveBuild } from './boot';
export { BUILD_ENV, BUILD_NODE_FLAGS, runAstroBuild } from './builder/astroBuild';
export { checkBuild } from './builder/checkBuild';
export { publishOnce } from './record';
export type { PublishResult } from './plan';
export { outputFile } from './siteFolder/paths';
export { PageRenderer, sitePaths, siteIdentity, takeSnapshot };
export type { SitePaths } from './siteFolder/paths';
export { liveBuildId } from './siteFolder/swap';
export { keepServerCodeInUse } from './serverCode';
export { DEPLOY_HOOK_SITE, publishingSiteId } from './siteFolder/siteIdentity';

/** What the publisher needs from the process's settings (src/settings.ts) and its composition root. */
export interface PublishingConfig {
  dataDir: string;
  /** Builds of this code kept for other DATA_DIRs' starts (siteFolder/codeCache.ts); '' keeps none. */
  buildCacheDir?: string;
  rebuildDebounceMs: number;
  /** Deploy-hook mode: every instance calls this CDN build hook instead of publishing its own files. */
  buildHookUrl: string;
  buildHookDebounceMs?: number;
  /** This process in the fleet (src/app/heartbeat.ts). */
  instanceId: string;
  /** A further check of every build before it goes live (tests inject a failing one). */
  extraCheck?: ExtraCheck;
  log: (message: string) => void;
}

/**
 * The publisher, as the composition root sees it (src/app/startApp.ts): opened before the host
 * (the live build it returns is what the host serves and whose server code this process runs),
 * started once the host listens, stopped at shutdown.
 */
export interface Publishing {
  /** The live build at start: its folder, and the files the host serves from it. */
  bootBuildDir: string;
  /** The symlink to the live build, and the folder of the compressed copies of its files. */
  currentLink: string;
  compressedDir: string;
  /** The site this process publishes: its DATA_DIR's, or the CDN's in deploy-hook mode. */
  siteId: string;
  /** Publishes changes from now on; `onSwapped` runs the moment a new build is live. */
  start(hooks: { onSwapped: () => void; liveDir: () => string | null }): Promise<void>;
  /** Resolves once a running build has finished (never half a swap). */
  stop(): Promise<void>;
  /** An operator's full rebuild, published by whichever instance gets to it first. */
  requestFullRebuild(): Promise<void>;
  status: () => ReturnType<typeof siteStatus>;
}

/** Makes sure this DATA_DIR has a live build of this code (building one if not) and returns the publisher. */
export async function openPublishing(config: PublishingConfig): Promise<Publishing> {
  const { log } = config;
  const paths = sitePaths(config.dataDir);
  const localSite = {
    siteId: siteIdentity(paths),
    instanceId: config.instanceId,
    paths,
    extraCheck: config.extraCheck,
  };
  const codeCache = config.buildCacheDir ? { dir: config.buildCacheDir, key: await codeCacheKey() } : undefined;
  const bootBuild = await ensureLiveBuild(localSite, log, codeCache);
  const siteId = publishingSiteId(config);
  // In hook mode every instance publishes one shared site, the CDN; otherwise each its own DATA_DIR.
  const renderer = config.buildHookUrl ? null : loadRenderer(paths.build(bootBuild), log);
  const spare = renderer ? new SpareBuild(paths) : null;
  const precompressor = new Precompressor(paths.compressed, log);
  let publisher: Publisher | null = null;

  return {
    bootBuildDir: paths.build(bootBuild),
    currentLink: paths.current,
    compressedDir: paths.compressed,
    siteId,
    async start({ onSwapped, liveDir }) {
      const compressLive = () => {
        const dir = liveDir();
        if (dir) precompressor.request(dir);
      };
      compressLive();
      publisher = new Publisher({
        builder: {
          ...localSite,
          siteId,
          hookUrl: config.buildHookUrl || null,
          pinned: [bootBuild],
          onSwapped: () => {
            onSwapped();
            compressLive();
          },
          renderer,
          spare,
        },
        debounceMs: config.rebuildDebounceMs,
        onBuilding: (building) => precompressor.holdWhile(building),
        // On a PostgreSQL server changes are announced (LISTEN/NOTIFY): the poll is only a fallback.
        pollMs: usesExternalDatabase() ? 2_000 : 500,
        hookQuietMs: hookQuietMs(config.buildHookDebounceMs),
        log,
      });
      // On the embedded database only the process that owns PGlite publishes: a process that joined its
      // socket shares PGlite's single backend session, where advisory locks can't tell processes apart.
      if (!usesExternalDatabase() && !(await isEmbeddedOwner())) return;
      await publisher.start();
      spare?.prepare(bootBuild);
      // Before the server says it is ready: a first edit then publishes as fast as the next.
      if (renderer) await warmUp(renderer).catch((error: Error) => log(`publisher: warm-up failed: ${error.message}`));
    },
    async stop() {
      await publisher?.stop();
      await precompressor.stop();
    },
    requestFullRebuild: () => requestFullRebuild(),
    status: () => siteStatus(siteId),
  };
}

/** The in-process page renderer of the boot build; without one every publish is an astro build. */
function loadRenderer(buildDir: string, log: (message: string) => void): PageRenderer | null {
  try {
    const renderer = PageRenderer.load(buildDir);
    if (!renderer) log('publisher: this build kept no page renderer; every change runs a full build');
    return renderer;
  } catch (error) {
    log(
      `publisher: the page renderer could not be loaded, every change runs a full build: ${(error as Error).message}`,
    );
    return null;
  }
}

/**
 * Readies this process for its first in-process publish, so that one is as quick as the next: the
 * snapshot's rows read once (later snapshots read only changed rows), and one page of each kind
 * rendered and thrown away, so each route's code is loaded and compiled before an edit needs it.
 */
async function warmUp(renderer: PageRenderer): Promise<void> {
  const data = await takeSnapshot();
  const pages = [...pageInputDigests(data).keys()];
  // One per route: /training/*, /trainings/*, /feeds/*.ics, /feeds/*.xml, the home page…
  const oneOfEach = new Map(pages.map((page) => [page.replace(/\/[^/]+?(\.\w+)?$/, '/*$1'), page]));
  await renderer.render(data, [...oneOfEach.values()]);
}
