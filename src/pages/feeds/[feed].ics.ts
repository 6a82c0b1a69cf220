import type { APIContext } from 'astro';
import { allFeeds, type Feed } from '../../domain/feedCatalog';
import { feedCalendar } from '../../domain/feeds';
import { loadSiteData, upcomingTrainings } from '../../prerender/siteData';
import { allTrainers, trainerBySlug } from '../../prerender/trainerPages';
import { trainerFeed } from '../../domain/trainerFeeds';

/**
 * The calendar feeds, written as static files by every publish, from the same snapshot as the pages.
 * A trainer's feed (/feeds/trainer-{slug}.ics) is served by this route too: a route of its own would
 * rank after this one for the same paths. It is drawn from that trainer's trainings only.
 */
export function getStaticPaths() {
  return [
    ...allFeeds().map((feed) => ({ params: { feed: feed.slug }, props: { feed } })),
    ...allTrainers().map(({ trainer }) => {
      const feed = trainerFeed(trainer);
      return { params: { feed: feed.slug }, props: { feed, trainer: trainer.slug } };
    }),
  ];
}

export function GET({ props, site }: APIContext<{ feed: Feed; trainer?: string }>) {
  const data = loadSiteData();
  const pool = props.trainer ? (trainerBySlug(props.trainer, data)?.upcoming ?? []) : upcomingTrainings(data);
  const bytes = feedCalendar(props.feed, pool, site!, new Date(data.generatedAt));
  // A stream of one chunk: a Response made from the bytes themselves copies megabytes at every publish.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
}
