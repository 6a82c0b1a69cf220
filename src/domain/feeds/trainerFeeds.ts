import { FEEDS_DIR, type Feed } from './feedCatalog';
import type { RssChannel } from './newListings';
import { trainerPagePath } from '../trainers/trainerSlug';

/**
 * A trainer's two feeds (docs/product.md, Trainer pages): their upcoming trainings as a calendar,
 * /feeds/trainer-{slug}.ics, and as RSS, newest listing first, /feeds/trainer-{slug}.xml. The
 * calendar is a Feed with no filter: the route hands it the trainer's trainings only.
 */
export interface FeedTrainer {
  slug: string;
  name: string;
}

export const TRAINER_FEED_PREFIX = 'trainer-';

export function trainerFeed(trainer: FeedTrainer): Feed {
  return {
    slug: `${TRAINER_FEED_PREFIX}${trainer.slug}`,
    name: `EMDR Trainings by ${trainer.name}`,
    filter: { state: '', format: '' },
  };
}

export const trainerRssPath = (slug: string) => `${FEEDS_DIR}/${TRAINER_FEED_PREFIX}${slug}.xml`;

export function trainerRssChannel(trainer: FeedTrainer): RssChannel {
  return {
    title: `EMDR trainings by ${trainer.name}`,
    description: `Upcoming EMDR trainings by ${trainer.name}, newest listing first.`,
    pagePath: trainerPagePath(trainer.slug),
    selfPath: trainerRssPath(trainer.slug),
  };
}
