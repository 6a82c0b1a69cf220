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
  const bytes = feedCalendar(props.feed, upcomingTrainings(data), site!, new Date(data.generatedAt));
  // A stream of one chunk: a Response made from the bytes themselves copies megabytes at every publish.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
}
