import type { APIContext } from 'astro';
import { allFeeds, type Feed } from '../../domain/feedCatalog';
import { feedCalendar } from '../../domain/feeds';
import { loadSiteData, upcomingTrainings } from '../../prerender/siteData';

/** The calendar feeds, written as static files by every publish, from the same snapshot as the pages. */
export function getStaticPaths() {
  return allFeeds().map((feed) => ({ params: { feed: feed.slug }, props: { feed } }));
}

export function GET({ props, site }: APIContext<{ feed: Feed }>) {
  const data = loadSiteData();
  const body = feedCalendar(props.feed, upcomingTrainings(data), site!, new Date(data.generatedAt));
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
}
