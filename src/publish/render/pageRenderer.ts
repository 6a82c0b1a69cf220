import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../../domain/siteData';
import { serverEnv } from '../../settings';
import type { provideSiteData } from '../../prerender/siteDataSource';
import { PRERENDER_DIR, RENDER_META_FILE, type RenderMeta } from './renderMeta';
import { loadNatively } from './nativeImport';
import { fingerprintOf } from '../siteFolder/buildFingerprint';
import { outputFile } from '../siteFolder/paths';
import { directFile } from './directFiles';
import { nextTurn } from '../../turns';

/** The parts of Astro's build app (astro/dist/core/build/app.js) the renderer drives. */
interface KeptRoute {
  type: string;
  prerender: boolean;
  pattern: RegExp;
}
interface KeptApp {
  manifest: { buildFormat: string; base: string; trailingSlash: string; routes: { routeData: KeptRoute }[] };
  routeCache: { clearAll(): void };
  setInternals(internals: object): void;
  setOptions(options: object): void;
  render(request: Request, options: { routeData: object }): Promise<Response>;
}

export interface RenderedPage {
  pathname: string;
  /** Where the page lives in the build's client folder, as Astro writes it. */
  file: string;
  /** The file's bytes, or its parts in order (a feed of megabytes is never joined: directFiles.ts). */
  body: Buffer | readonly Uint8Array[];
}

/**
 * Renders published pages in this process with the bundle Astro prerendered them with
 * (keepPrerenderer.ts), from a snapshot handed over in memory: the same code, the same page
 * components and the same hashed asset names as the build, so a page comes out byte for byte as
 * `astro build` writes it (tests/publishing/incremental.test.ts renders every page both ways).
 * Loaded once, from the build whose server code this process runs.
 */
export class PageRenderer {
  /** Renders run one after another (see render). */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly app: KeptApp,
    /** How the bundle's pages are given the snapshot (keepPrerenderer.ts, the bundle's entry). */
    private readonly provide: typeof provideSiteData,
    private readonly origin: string,
    /** The code fingerprint of the build whose bundle this is: it renders pages of builds of that code. */
    readonly fingerprint: string,
  ) {}

  /** The renderer of a build, or null when the build kept no bundle or writes files another way. */
  static load(buildDir: string): PageRenderer | null {
    const dir = path.join(buildDir, PRERENDER_DIR);
    const fingerprint = fingerprintOf(buildDir);
    let meta: RenderMeta;
    try {
      meta = JSON.parse(fs.readFileSync(path.join(dir, RENDER_META_FILE), 'utf8')) as RenderMeta;
    } catch {
      return null;
    }
    if (!fingerprint) return null;
    const { app, provideSiteData: provide } = loadNatively(path.join(dir, meta.entry)) as {
      app: KeptApp;
      provideSiteData?: typeof provideSiteData;
    };
    // A bundle that cannot be handed a snapshot renders nothing here: every publish is a full build.
    if (!provide) return null;
    const { buildFormat, base, trailingSlash } = app.manifest;
    // Page paths map to files as below only for this output shape (astro.config.mjs).
    if (buildFormat !== 'directory' || base !== '/' || trailingSlash !== 'ignore') return null;
    app.setInternals({
      pagesByKeys: new Map(Object.entries(meta.styles).map(([key, styles]) => [key, { styles }])),
      entrySpecifierToBundleMap: new Map(Object.entries(meta.bundles)),
    });
    const quiet = { write: () => true };
    app.setOptions({ settings: { scripts: meta.scripts }, logger: { options: { destination: quiet } } });
    return new PageRenderer(app, provide, new URL(serverEnv().siteUrl).origin, fingerprint);
  }

  /**
   * Renders the given paths from `data`. Throws when a page fails or is not a page of this data
   * (Astro answers it with another status), so a half-rendered set never goes live.
   */
  async render(data: SiteData, pathnames: readonly string[]): Promise<(RenderedPage & { body: Buffer })[]> {
    const pages: (RenderedPage & { body: Buffer })[] = [];
    const whole = (body: RenderedPage['body']) => (Array.isArray(body) ? Buffer.concat(body) : (body as Buffer));
    await this.renderEach(data, pathnames, (page) => void pages.push({ ...page, body: whole(page.body) }));
    return pages;
  }

  /** As render(), handing each page over as it comes instead of holding them all (a full rebuild). */
  async renderEach(data: SiteData, pathnames: readonly string[], onPage: (page: RenderedPage) => void): Promise<void> {
    // One snapshot at a time: the snapshot is handed over process-wide (the warm-up at start may
    // still be rendering when the first publish begins).
    const turn = this.queue.then(() => this.renderAll(data, pathnames, onPage));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async renderAll(
    data: SiteData,
    pathnames: readonly string[],
    onPage: (page: RenderedPage) => void,
  ): Promise<void> {
    this.provide(data, pathnames);
    // getStaticPaths() answers are kept per route: they belong to the previous snapshot.
    this.app.routeCache.clearAll();
    try {
      for (const pathname of pathnames) {
        const parts = directFile(pathname, data);
        onPage(parts ? { pathname, file: outputFile(pathname, true), body: parts } : await this.renderOne(pathname));
        // Serving goes on meanwhile: a request waits for one page, not for the whole set.
        await nextTurn();
      }
    } finally {
      this.provide(undefined);
      this.app.routeCache.clearAll();
    }
  }

  private async renderOne(pathname: string): Promise<RenderedPage> {
    // The manifest lists routes in Astro's order of priority; only prerendered ones are pages here.
    const route = this.app.manifest.routes.find((r) => r.routeData.prerender && r.routeData.pattern.test(pathname));
    if (!route) throw new Error(`no published page at ${pathname}`);
    const endpoint = route.routeData.type === 'endpoint';
    // The URL Astro's build renders a path with (directory format: pages end with a slash).
    const url = new URL(endpoint || pathname === '/' ? pathname : `${pathname}/`, this.origin);
    const response = await this.app.render(new Request(url), { routeData: route.routeData });
    // The not-found page is the one page Astro renders with its own status.
    const expected = pathname === '/404' ? 404 : 200;
    if (response.status !== expected) throw new Error(`rendering ${pathname} answered ${response.status}`);
    return { pathname, file: outputFile(pathname, endpoint), body: Buffer.from(await response.arrayBuffer()) };
  }
}
