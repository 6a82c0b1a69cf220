import type { SiteTrainer } from '../siteData';
import { trainerPagePath } from './trainerSlug';
import { credentialJsonLd } from '../trust/credentialChecks';

/**
 * The trainer pages' texts and structured data (docs/product.md, Trainer pages): /trainers, its
 * further pages /trainers/page/{n}, and /trainers/{slug}.
 */
export const TRAINERS_PAGE_SIZE = 24;
export const TRAINERS_INDEX_PATH = '/trainers';

export function trainersIndexPath(page: number): string {
  return page <= 1 ? TRAINERS_INDEX_PATH : `${TRAINERS_INDEX_PATH}/page/${page}`;
}

export const upcomingText = (n: number) => (n === 1 ? '1 upcoming training' : `${n} upcoming trainings`);

export function trainerPageTitle(trainer: Pick<SiteTrainer, 'name'>): string {
  return `${trainer.name} | EMDR Trainer`;
}

/** The meta description: who, what they hold, how many trainings are coming, where. */
export function trainerPageDescription(
  trainer: Pick<SiteTrainer, 'name' | 'credentials' | 'statesServed'>,
  upcoming: number,
): string {
  const who = trainer.credentials ? `${trainer.name}, ${trainer.credentials}` : trainer.name;
  const where = trainer.statesServed.length ? ` Serves ${trainer.statesServed.join(', ')}.` : '';
  const what = upcoming ? `${upcomingText(upcoming)}.` : 'No upcoming trainings listed right now.';
  return `${who}: EMDR trainer. ${what}${where}`.slice(0, 300);
}

/** schema.org ProfilePage about the trainer, a Person (photo, website and verified credentials when known). */
export function profilePageJsonLd(
  trainer: Pick<SiteTrainer, 'name' | 'slug' | 'photo' | 'website' | 'bio' | 'credentials' | 'verified'>,
  site: URL,
): Record<string, unknown> {
  const url = new URL(trainerPagePath(trainer.slug), site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url,
    mainEntity: {
      '@type': 'Person',
      name: trainer.name,
      url,
      description: trainer.bio,
      ...(trainer.credentials ? { honorificSuffix: trainer.credentials } : {}),
      ...(trainer.photo ? { image: new URL(trainer.photo, site).href } : {}),
      ...(trainer.website ? { sameAs: [trainer.website] } : {}),
      // Only credentials the team checked in the last 12 months (docs/product.md, Trust).
      ...(trainer.verified?.length ? { hasCredential: trainer.verified.map(credentialJsonLd) } : {}),
    },
  };
}
