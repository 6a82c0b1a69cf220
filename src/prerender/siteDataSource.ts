import type { SiteData } from '../domain/siteData';

/**
 * The snapshot the pages render from when the publisher renders a few pages in its own process
 * (src/publish/render/pageRenderer.ts) instead of in an `astro build` child, which reads a file instead.
 * The renderer hands it over through the prerender bundle's entry (render/keepPrerenderer.ts), which
 * exports this module's provideSiteData: the one the bundle's pages read.
 */
let provided: { data: SiteData; pages: ReadonlySet<string> } | undefined;

/** Hands `data` to the pages, while `pages` (paths) are rendered from it; undefined takes it back. */
export function provideSiteData(data: SiteData | undefined, pages: readonly string[] = []): void {
  provided = data && { data, pages: new Set(pages) };
}

export function providedSiteData(): SiteData | undefined {
  return provided?.data;
}

/**
 * The paths being rendered in-process, or undefined in an `astro build` (which renders them all). A
 * route with thousands of pages lists only these from getStaticPaths: Astro asks for every path
 * of a route to render any one of them, and listing 5,000 training pages to render one cost a
 * publish tens of milliseconds.
 */
export function pagesBeingRendered(): ReadonlySet<string> | undefined {
  return provided?.pages;
}
