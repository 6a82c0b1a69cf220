import { createHash } from 'node:crypto';
import type { SiteData, SiteTrainer, SiteTraining } from '../domain/siteData';
import { feedPath } from '../domain/feeds/feedCatalog';
import { trainerFeed, trainerRssPath } from '../domain/feeds/trainerFeeds';
import { trainersIndexPath } from '../domain/trainers/trainerPages';
import { TRAINER_REDIRECTS_PATH, trainerEmbedPath, trainerPagePath } from '../domain/trainers/trainerSlug';
import { allTrainers, trainerRedirects, trainersIndexPages } from './trainerPages';

/**
 * The input digests of the trainer pages and feeds (src/prerender/pageInputs.ts says what a digest
 * is). A trainer's page, its embed page and its two feeds are made from the trainer's row and their
 * upcoming trainings; one content digest per trainer covers all four, from the training digests
 * pageInputs already keeps per row, so a publish that changes one training re-renders that trainer's
 * four files only. The index pages are made from each listed trainer's summary.
 */
const digest = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

const fileDigests = new WeakMap<SiteTrainer, { inputs: string; files: [string, string][] }>();

export function trainerPageDigests(
  data: SiteData,
  shared: string,
  siteUrl: string,
  trainingDigest: (training: SiteTraining) => string,
): [string, string][] {
  const pages: [string, string][] = [];
  for (const { trainer, upcoming } of allTrainers(data)) {
    // The trainer's object outlives a snapshot when the row did not change (trainerSnapshot.ts): its
    // four digests are hashed again only when it or the digests of its trainings changed.
    const inputs = `${shared}|${siteUrl}|${upcoming.map(trainingDigest).join(',')}`;
    let found = fileDigests.get(trainer);
    if (found?.inputs !== inputs) {
      const content = digest(trainer, inputs);
      found = {
        inputs,
        files: [
          [trainerPagePath(trainer.slug), digest('page', content)],
          [trainerEmbedPath(trainer.slug), digest('embed', content)],
          [feedPath(trainerFeed(trainer)), digest('ics', content)],
          [trainerRssPath(trainer.slug), digest('rss', content)],
        ],
      };
      fileDigests.set(trainer, found);
    }
    pages.push(...found.files);
  }
  const indexPages = trainersIndexPages(data);
  for (const { page, entries } of indexPages) {
    const summaries = entries.map(({ trainer: t, upcoming }) => [
      t.slug,
      t.name,
      t.photo,
      t.credentials,
      t.statesServed,
      t.verified ?? [],
      upcoming.length,
    ]);
    pages.push([trainersIndexPath(page), digest(shared, page, indexPages.length, summaries)]);
  }
  pages.push([TRAINER_REDIRECTS_PATH, digest(trainerRedirects(data))]);
  return pages;
}
