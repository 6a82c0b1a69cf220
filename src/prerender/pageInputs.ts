import { consultationIndexPath, consultationPages } from './consultationPages';
import { consultationPath } from '../domain/consultation/consultationFacts';
import { PARTNER_PITCH } from '../domain/adminPaths';
import { createHash } from 'node:crypto';
import type { SiteData, SiteTraining } from '../domain/siteData';
import { allFeeds, feedPath, NEW_LISTINGS_PATH, type Feed } from '../domain/feeds/feedCatalog';
import { newListings } from '../domain/feeds/newListings';
import { statePath } from '../domain/listing/statePages';
import { publicEnv, serverEnv } from '../settings';
import { builtListing, feedPool, listedStates, upcomingTrainings } from './siteData';
import { lastUpdatedDate, siteYear } from './buildInstant';
import { trainingPath } from '../domain/trainingPath';
import { trainerPageDigests } from './trainerDigests';
import { MAP_PATH } from '../domain/listing/stateMap';
import { mapStates } from './stateMap';
import { listedTrainers, trainersIndexPages } from './trainerPages';
import { runAtOnce, runInTurns } from '../turns';
import { HOW_IT_WORKS_PATH } from '../domain/trust/trustPages';

/**
 * Which data each published page is made from, as one digest per page path: the one place that
 * says what a change touches. Two snapshots give the same digest for a page exactly when the page
 * would come out the same, so a data-only publish re-renders the pages whose digest changed and
 * keeps every other file (src/publish/builder/incrementalBuild.ts). A training page's digest is also its
 * key in Astro's incremental build cache.
 *
 * What goes in, page by page (the pages' own code is covered by the code fingerprint):
 * - every page: the site's address, the public settings and the year in the footer;
 * - /training/{id}: the training with its trainer, and whether its state has a page;
 * - / and /trainings/{state}: the first page of cards with every count the filters show;
 * - /map: each state's count and whether it has a page;
 * - the sitemap: which trainings and states are listed, with each training's last change;
 * - each calendar feed and the RSS of new listings: the trainings in it, field by field;
 * - a trainer's page, embed page and two feeds: the trainer and their upcoming trainings; /trainers
 *   and its further pages: each listed trainer's summary (src/prerender/trainerDigests.ts);
 * - /terms: the date it says it was last updated.
 */
export type PageDigests = Map<string, string>;

/** Pages that read no data; only the shared inputs change them. */
export const DATA_FREE_PAGES = [
  '/404',
  PARTNER_PITCH,
  '/privacy',
  '/refund-policy',
  HOW_IT_WORKS_PATH,
  '/training-not-found',
  '/robots.txt',
];

const digest = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url');

const trainingDigests = new WeakMap<SiteTraining, string>();
/** A training's own digest: every field of it and of its trainer. */
function trainingDigest(training: SiteTraining): string {
  let found = trainingDigests.get(training);
  if (!found) trainingDigests.set(training, (found = digest(training)));
  return found;
}

const sharedDigests = new WeakMap<SiteData, string>();
function sharedDigest(data: SiteData): string {
  let found = sharedDigests.get(data);
  if (!found) sharedDigests.set(data, (found = digest(serverEnv().siteUrl, publicEnv(), siteYear(data))));
  return found;
}

const statePageCodes = new WeakMap<SiteData, Set<string>>();
function hasStatePage(training: SiteTraining, data: SiteData): boolean {
  let codes = statePageCodes.get(data);
  if (!codes) statePageCodes.set(data, (codes = new Set(listedStates(data).map((s) => s.code))));
  return training.state !== null && codes.has(training.state);
}

const pageDigests = new WeakMap<SiteTraining, { inputs: string; digest: string }>();
/** The key of a /training/{id} page (asked for every training whenever one page is rendered). */
export function trainingPageDigest(training: SiteTraining, data: SiteData): string {
  const inputs = `${sharedDigest(data)}/${hasStatePage(training, data)}`;
  const found = pageDigests.get(training);
  if (found?.inputs === inputs) return found.digest;
  const key = digest(inputs, trainingDigest(training));
  pageDigests.set(training, { inputs, digest: key });
  return key;
}

/** Every page's digest, at once (a build, a test). */
export function pageInputDigests(data: SiteData): PageDigests {
  const pages: PageDigests = new Map();
  runAtOnce(digestSteps(data, pages));
  return pages;
}

/** Every page's digest, in turns: a publish on a running server plans while requests are answered. */
export async function pageInputDigestsInTurns(data: SiteData): Promise<PageDigests> {
  const pages: PageDigests = new Map();
  await runInTurns(digestSteps(data, pages));
  return pages;
}

/** Fills `pages`, stopping after each listing, training, trainer page and feed (see runInTurns). */
function* digestSteps(data: SiteData, pages: PageDigests): Generator<void, void, void> {
  const shared = sharedDigest(data);
  const { siteUrl } = serverEnv();
  const listed = upcomingTrainings(data);
  yield;
  for (const path of DATA_FREE_PAGES) pages.set(path, shared);
  pages.set('/terms', digest(shared, lastUpdatedDate(data)));
  pages.set('/', digest(shared, builtListing({}, data)));
  yield;
  pages.set(MAP_PATH, digest(shared, mapStates(data)));
  for (const { code } of listedStates(data)) {
    yield;
    pages.set(statePath(code)!, digest(shared, code, builtListing({ state: code }, data)));
  }
  for (const training of data.trainings) {
    yield;
    if (training.isPublished) pages.set(trainingPath(training.id), trainingPageDigest(training, data));
  }
  yield;
  pages.set(
    '/sitemap.xml',
    digest(
      siteUrl,
      listedStates(data).map((s) => s.code),
      listed.map((t) => [t.id, t.updatedAt]),
      trainersIndexPages(data).length,
      listedTrainers(data).map((entry) => entry.trainer.slug),
    ),
  );
  yield;
  for (const [path, key] of trainerPageDigests(data, shared, siteUrl, trainingDigest)) {
    pages.set(path, key);
    yield;
  }
  for (const feed of allFeeds()) {
    pages.set(feedPath(feed), feedDigest(feed, feedPool(feed, data), siteUrl));
    yield;
  }
  pages.set(NEW_LISTINGS_PATH, digest(siteUrl, newListings(listed).map(trainingDigest)));
  yield;
  // Consultation (docs/product.md, Consultation): the list's pages read every open offering; each
  // offering's page and calendar file read only their own row (its consultant within it).
  const offerings = data.offerings ?? [];
  const listPages = consultationPages(data);
  for (const { page, entries } of listPages)
    pages.set(consultationIndexPath(page), digest(shared, data.generatedAt.slice(0, 10), listPages.length, entries));
  for (const offering of offerings) {
    const key = digest(shared, data.generatedAt.slice(0, 10), offering);
    pages.set(consultationPath(offering.id), key);
    pages.set(`${consultationPath(offering.id)}.ics`, digest(siteUrl, offering));
    yield;
  }
}

/**
 * A feed's digest, kept while its trainings are the same row objects in the same order: most
 * feeds are untouched by an edit, and hashing the digests of thousands of rows again is not free.
 */
const feedDigests = new Map<string, { siteUrl: string; rows: readonly SiteTraining[]; digest: string }>();
function feedDigest(feed: Feed, rows: readonly SiteTraining[], siteUrl: string): string {
  const kept = feedDigests.get(feed.slug);
  if (kept?.siteUrl === siteUrl && kept.rows.length === rows.length && kept.rows.every((row, i) => row === rows[i])) {
    return kept.digest;
  }
  const found = digest(siteUrl, feed, rows.map(trainingDigest));
  feedDigests.set(feed.slug, { siteUrl, rows, digest: found });
  return found;
}

/** What a publish must do to turn the pages of `before` into those of `after`. */
export function touchedPages(before: PageDigests, after: PageDigests): { render: string[]; remove: string[] } {
  const render = [...after].filter(([path, key]) => before.get(path) !== key).map(([path]) => path);
  const remove = [...before.keys()].filter((path) => !after.has(path));
  return { render, remove };
}
