import { allFeeds, type Feed } from '../domain/feeds/feedCatalog';
import type { SiteData, SiteTraining } from '../domain/siteData';
import { TRAINER_FEED_PREFIX, trainerFeed } from '../domain/feeds/trainerFeeds';
import { feedPool, loadSiteData } from './siteData';
import { allTrainers, trainerBySlug } from './trainerPages';

/**
 * The calendar feeds a snapshot publishes (/feeds/{slug}.ics) and the trainings each is drawn
 * from: the catalog's feeds (every listed training, or a state's, or a format's) and one per
 * trainer (their upcoming trainings). Both writers of these files ask here: the in-process
 * renderer (src/publish/render/directFiles.ts) and `astro build` (src/pages/feeds/[feed].ics.ts),
 * so a feed cannot be drawn from one set of trainings by one and another by the other.
 */
export interface CalendarFeed {
  feed: Feed;
  pool: readonly SiteTraining[];
}

let catalogBySlug: Map<string, Feed> | undefined;

/** Every calendar feed's slug: the catalog's, then one per trainer. */
export function calendarFeedSlugs(data: SiteData = loadSiteData()): string[] {
  return [...allFeeds().map((feed) => feed.slug), ...allTrainers(data).map(({ trainer }) => trainerFeed(trainer).slug)];
}

/** The feed `slug` names, with its trainings; null when the snapshot has no such feed. */
export function calendarFeed(slug: string, data: SiteData = loadSiteData()): CalendarFeed | null {
  catalogBySlug ??= new Map(allFeeds().map((feed) => [feed.slug, feed]));
  const feed = catalogBySlug.get(slug);
  if (feed) return { feed, pool: feedPool(feed, data) };
  const entry = slug.startsWith(TRAINER_FEED_PREFIX)
    ? trainerBySlug(slug.slice(TRAINER_FEED_PREFIX.length), data)
    : undefined;
  return entry ? { feed: trainerFeed(entry.trainer), pool: entry.upcoming } : null;
}
