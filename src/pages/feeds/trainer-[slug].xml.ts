import type { APIContext } from 'astro';
import { newListingsRss } from '../../domain/feeds/newListings';
import { trainerRssChannel } from '../../domain/feeds/trainerFeeds';
import { allTrainers, type TrainerEntry } from '../../prerender/trainerPages';

/** A trainer's upcoming trainings as RSS, newest listing first (docs/product.md, Trainer pages). */
export function getStaticPaths() {
  return allTrainers().map((entry) => ({ params: { slug: entry.trainer.slug }, props: { entry } }));
}

export function GET({ props, site }: APIContext<{ entry: TrainerEntry }>) {
  const { trainer, upcoming } = props.entry;
  return new Response(newListingsRss(upcoming, site!, trainerRssChannel(trainer)), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
  });
}
