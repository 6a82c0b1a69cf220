import { FEEDS_DIR } from '../../domain/feeds/feedCatalog';
import { feedParts } from '../../domain/feeds/feeds';
import type { SiteData } from '../../domain/siteData';
import { serverEnv } from '../../settings';
import { calendarFeed } from '../../prerender/calendarFeeds';

/**
 * Files the in-process renderer writes without going through Astro: the calendar feeds. The
 * all-trainings feed is megabytes; through Astro's endpoint it became one buffer, a Response, and a
 * second buffer read back from it, each a fresh allocation the kernel must fault in, some 100 ms a
 * publish at 5,000 trainings. Here it is the feed's parts (each training's event, kept encoded
 * between publishes), written to the file as they are. `astro build` still writes the same bytes
 * through src/pages/feeds/[feed].ics.ts: both take the feed and its trainings from
 * src/prerender/calendarFeeds.ts and call feedParts (tests/publishing/incremental.test.ts compares
 * them byte for byte).
 *
 * A trainer's calendar feed too: the events are kept encoded in the module that encodes them, and
 * the pages Astro renders have a copy of their own, so trainer feeds rendered through Astro kept
 * a second copy of every training's event (10 MiB at 5,000 trainings).
 */
const CALENDAR_FEED = new RegExp(`^${FEEDS_DIR}/(.+)\\.ics$`);

export function directFile(pathname: string, data: SiteData): Uint8Array[] | null {
  const slug = CALENDAR_FEED.exec(pathname)?.[1];
  const found = slug ? calendarFeed(slug, data) : null;
  if (!found) return null;
  // The URL Astro's `site` is (astro.config.mjs: SITE_URL), as the endpoint gets it.
  return feedParts(found.feed, found.pool, new URL(serverEnv().siteUrl), new Date(data.generatedAt));
}
