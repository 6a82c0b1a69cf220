import type { SiteData } from '../domain/siteData';

/**
 * The snapshot the pages render from when the publisher renders a few pages in its own process
 * (src/publish/pageRenderer.ts) instead of in an `astro build` child, which reads a file instead.
 * The kept prerender bundle holds its own copy of every module, so a process-wide symbol, spelled
 * here only, is what the publisher's copy and the bundle's copy share.
 */
const PROVIDED = Symbol.for('emdr.siteData.provided');
type Holder = typeof globalThis & { [PROVIDED]?: SiteData };

export function provideSiteData(data: SiteData | undefined): void {
  (globalThis as Holder)[PROVIDED] = data;
}

export function providedSiteData(): SiteData | undefined {
  return (globalThis as Holder)[PROVIDED];
}
