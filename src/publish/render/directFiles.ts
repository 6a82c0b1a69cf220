import { allFeeds, FEEDS_DIR, feedPath, type Feed } from '../../domain/feedCatalog';
import { feedParts, type FeedTraining } from '../../domain/feeds';
import type { SiteData } from '../../domain/siteData';
import { TRAINER_FEED_PREFIX, trainerFeed } from '../../domain/trainerFeeds';
import { serverEnv } from '../../env';
import { feedPool } from '../../prerender/siteData';
import { trainerBySlug } from '../../prerender/trainerPages';

/**
 * Files the in-process renderer writes without going through Astro: the calendar feeds. The
 * all-trainings feed is megabytes; through Astro's endpoint it became one buffer, a Response, and a
 * second buffer read back from it, each a fresh allocation the kernel must fault in, some 100 ms a
 * publish at 5,000 trainings. Here it is the feed's parts (each training's event, kept encoded
 * between publishes), written to the file as they are. `astro build` still writes the same bytes
 * through src/pages/feeds/[feed].ics.ts: both call feedParts (tests/publishing/incremental.test.ts
 * compares them byte for byte).
 *
 * A trainer's calendar feed too: the events are kept encoded in the module that encodes them, and
 * the pages Astro renders have a copy of their own, so trainer feeds rendered through Astro kept
 * a second copy of every training's event (10 MiB at 5,000 trainings).
 */
let feedsByPath: Map<string, Feed> | null = null;

const TRAINER_FEED = new RegExp(`^${FEEDS_DIR}/${TRAINER_FEED_PREFIX}(.+)\\.ics$`);

function feedAt(pathname: string, data: SiteData): { feed: Feed; pool: readonly FeedTraining[] } | null {
  feedsByPath ??= new Map(allFeeds().map((feed) => [feedPath(feed), feed]));
  const feed = feedsByPath.get(pathname);
  if (feed) return { feed, pool: feedPool(feed, data) };
  const slug = TRAINER_FEED.exec(pathname)?.[1];
  const entry = slug ? trainerBySlug(slug, data) : undefined;
  return entry ? { feed: trainerFeed(entry.trainer), pool: entry.upcoming } : null;
}

export function directFile(pathname: string, data: SiteData): Uint8Array[] | null {
  const found = feedAt(pathname, data);
  if (!found) return null;
  // The URL Astro's `site` is (astro.config.mjs: SITE_URL), as the endpoint gets it.
  return feedParts(found.feed, found.pool, new URL(serverEnv().siteUrl), new Date(data.generatedAt));
}
