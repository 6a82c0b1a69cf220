import type { SiteData } from '../domain/siteData';

/**
 * The snapshot the pages render from when the publisher renders a few pages in its own process
 * (src/publish/render/pageRenderer.ts) instead of in an `astro build` child, which reads a file instead.
 * The kept prerender bundle holds its own copy of every module, so a process-wide symbol, spelled
 * here only, is what the publisher's copy and the bundle's copy share.
 */
const PROVIDED = Symbol.for('emdr.siteData.provided');
type Holder = typeof globalThis & { [PROVIDED]?: { data: SiteData; pages: ReadonlySet<string> } };

/** Hands `data` to the pages, while `pages` (paths) are rendered from it; undefined takes it back. */
export function provideSiteData(data: SiteData | undefined, pages: readonly string[] = []): void {
  (globalThis as Holder)[PROVIDED] = data && { data, pages: new Set(pages) };
}

export function providedSiteData(): SiteData | undefined {
  return (globalThis as Holder)[PROVIDED]?.data;
}

/**
 * The paths being rendered in-process, or undefined in an `astro build` (which renders them all). A
 * route with thousands of pages lists only these from getStaticPaths: Astro asks for every path
 * of a route to render any one of them, and listing 5,000 training pages to render one cost a
 * publish tens of milliseconds.
 */
export function pagesBeingRendered(): ReadonlySet<string> | undefined {
  return (globalThis as Holder)[PROVIDED]?.pages;
}
