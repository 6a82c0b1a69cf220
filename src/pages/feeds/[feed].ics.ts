import type { APIContext } from 'astro';
import { feedCalendar } from '../../domain/feeds/feeds';
import { loadSiteData } from '../../prerender/siteData';
import { calendarFeed, calendarFeedSlugs } from '../../prerender/calendarFeeds';

/**
 * The calendar feeds, written as static files by every publish, from the same snapshot as the pages.
 * A trainer's feed (/feeds/trainer-{slug}.ics) is served by this route too: a route of its own would
 * rank after this one for the same paths. Which trainings each feed holds: src/prerender/calendarFeeds.ts.
 */
export function getStaticPaths() {
  return calendarFeedSlugs().map((feed) => ({ params: { feed } }));
}

export function GET({ params, site }: APIContext) {
  const data = loadSiteData();
  // getStaticPaths lists the snapshot's feeds only.
  const found = calendarFeed(params.feed!, data)!;
  const bytes = feedCalendar(found.feed, found.pool, site!, new Date(data.generatedAt));
  // A stream of one chunk: a Response made from the bytes themselves copies megabytes at every publish.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
}
