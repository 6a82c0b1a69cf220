import { allFeeds, feedPath, type Feed } from '../../domain/feedCatalog';
import { feedParts } from '../../domain/feeds';
import type { SiteData } from '../../domain/siteData';
import { serverEnv } from '../../env';
import { feedPool } from '../../prerender/siteData';

/**
 * Files the in-process renderer writes without going through Astro: the calendar feeds. The
 * all-trainings feed is megabytes; through Astro's endpoint it became one buffer, a Response, and a
 * second buffer read back from it, each a fresh allocation the kernel must fault in, some 100 ms a
 * publish at 5,000 trainings. Here it is the feed's parts (each training's event, kept encoded
 * between publishes), written to the file as they are. `astro build` still writes the same bytes
 * through src/pages/feeds/[feed].ics.ts: both call feedParts (tests/publishing/incremental.test.ts
 * compares them byte for byte).
 */
let feedsByPath: Map<string, Feed> | null = null;

export function directFile(pathname: string, data: SiteData): Uint8Array[] | null {
  feedsByPath ??= new Map(allFeeds().map((feed) => [feedPath(feed), feed]));
  const feed = feedsByPath.get(pathname);
  if (!feed) return null;
  // The URL Astro's `site` is (astro.config.mjs: SITE_URL), as the endpoint gets it.
  return feedParts(feed, feedPool(feed, data), new URL(serverEnv().siteUrl), new Date(data.generatedAt));
}
