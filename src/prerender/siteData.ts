import { siteDataFile } from '../settings';
import fs from 'node:fs';
import type { SiteData, SiteTraining } from '../domain/siteData';
import { publicListing } from '../domain/listing/publicListing';
import type { ListingEntry, ListingResult } from '../domain/listing/listingQuery';
import { listingReadModel, queryReadModel, type ListingReadModel } from '../domain/listing/listingReadModel';
import { DEFAULT_SORT, PAGE_SIZE, type ListingView } from '../domain/listing/listingView';
import { EMPTY_FILTERS, type TrainingFilters } from '../domain/listing/filterQuery';
import { toCardData, type TrainingCardData } from '../domain/listing/trainingCard';
import { US_STATES } from '../domain/states';
import { providedSiteData } from './siteDataSource';
import { ALL_FEED, allFeeds, type Feed } from '../domain/feeds/feedCatalog';
import { formatMatches } from '../domain/formats';
import { emptyResultHelp } from '../domain/listing/emptyResultHelp';

/**
 * Build-time access to the publisher's snapshot: handed over in-process by the page renderer, or
 * named by SITE_DATA_FILE for an `astro build` child. Never read relative to import.meta.url:
 * modules are bundled.
 */
let fromFile: { file: string; data: SiteData } | undefined;

export function loadSiteData(): SiteData {
  const provided = providedSiteData();
  if (provided) return provided;
  const file = siteDataFile();
  if (!file) return { generatedAt: new Date().toISOString(), trainings: [] };
  if (fromFile?.file !== file) fromFile = { file, data: JSON.parse(fs.readFileSync(file, 'utf8')) as SiteData };
  return fromFile.data;
}

/**
 * What every page derives from one snapshot, worked out once per snapshot: a site of 5,000
 * trainings renders thousands of pages (or, in-process, a few pages many times over) from it.
 */
interface Derived {
  listed: SiteTraining[];
  /** The listing's read model, without search text (a built page never searches). */
  model?: ListingReadModel<SiteTraining>;
  listedStates?: { code: string; name: string }[];
  /** Positions in `entries` of each state's rows, in listing order. */
  statePositions?: Map<string | null, number[]>;
  /** Listed trainings per state with no other filter: the state counts of every state page. */
  stateCounts?: Record<string, number>;
  /** Online trainings anywhere with no other filter: the empty-result count of every state page. */
  onlineCount?: number;
  /** The unfiltered first page: the home page's, and the counts of the map and the state pages. */
  home?: BuiltListing;
  /** Each feed's trainings by feed slug, from one pass over the listing. */
  feedPools?: Map<string, SiteTraining[]>;
}
const derived = new WeakMap<SiteData, Derived>();
/**
 * A training's place in the listing query, kept by row object: its row outlives one snapshot at the
 * publisher. A built page never searches (it fixes a state at most; the island searches through the
 * API), so the policy names no search text.
 */
const entryMemo = new WeakMap<SiteTraining, ListingEntry>();

function derive(data: SiteData): Derived {
  let found = derived.get(data);
  if (!found) {
    found = { listed: publicListing(data.trainings, new Date(data.generatedAt)) };
    derived.set(data, found);
  }
  return found;
}

/** What the public sees at build time: the same rule as the API's, at the snapshot's instant. */
export function upcomingTrainings(data = loadSiteData()): SiteTraining[] {
  return derive(data).listed;
}

export interface BuiltListing extends Omit<ListingResult, 'indices'> {
  cards: TrainingCardData[];
  view: ListingView;
}

/** The first page a built page shows, with its counts: the answer the island would fetch for it. */
export function builtListing(fixed: Pick<Partial<TrainingFilters>, 'state'> = {}, data = loadSiteData()): BuiltListing {
  const memo = derive(data);
  const unfiltered = Object.keys(fixed).length === 0;
  if (unfiltered && memo.home) return memo.home;
  const model = (memo.model ??= listingReadModel(memo.listed, { entryMemo }));
  const view: ListingView = { filters: { ...EMPTY_FILTERS, ...fixed }, sort: DEFAULT_SORT, page: 1, limit: PAGE_SIZE };
  const now = new Date(data.generatedAt);
  const onlyState = fixed.state && Object.keys(fixed).length === 1;
  const { indices, ...rest } = onlyState
    ? stateListing(memo, data, model, view, now)
    : queryReadModel(model, view, now);
  const built = { ...rest, view, cards: indices.map((i) => toCardData(memo.listed[i]!)) };
  if (unfiltered) memo.home = built;
  return built;
}

/**
 * A state page's answer from its own rows only: fifty state pages each looking at every row of
 * the country was most of a publish's planning at 5,000 trainings. Its matches and its format and
 * date counts come from its rows; the count per state and the online count are what the other
 * filters leave, and a state page sets no other filter, so those are the unfiltered list's. Equal to queryListing over
 * every row (siteData.test.ts).
 */
function stateListing(
  memo: Derived,
  data: SiteData,
  model: ListingReadModel<SiteTraining>,
  view: ListingView,
  now: Date,
): ListingResult {
  const { entries } = model;
  memo.statePositions ??= Map.groupBy(entries.keys(), (i) => entries[i]!.state);
  const unfiltered = builtListing({}, data).counts;
  memo.stateCounts ??= unfiltered.state;
  memo.onlineCount ??= unfiltered.online;
  const own = queryReadModel(model, view, now, memo.statePositions.get(view.filters.state) ?? []);
  // Online trainings count in any state, so they are the unfiltered list's too.
  const counts = { ...own.counts, state: memo.stateCounts, online: memo.onlineCount };
  // The empty result's help offers other states and online trainings: made from the whole counts.
  if (own.total === 0) counts.help = emptyResultHelp(view.filters, counts);
  return { ...own, counts };
}

/**
 * A feed's trainings (feedTrainings' rule: the listed ones in its state or of its format, a Hybrid
 * training in both format feeds), sorted into every feed in one pass over the listing: 55 feeds
 * each filtering thousands of rows was the largest part of a publish's page digests.
 */
export function feedPool(feed: Feed, data = loadSiteData()): SiteTraining[] {
  const memo = derive(data);
  if (!memo.feedPools) {
    const pools = new Map<string, SiteTraining[]>(allFeeds().map((f) => [f.slug, []]));
    const slugs = (feedSlugs ??= feedSlugsByFilter());
    for (const training of memo.listed) {
      pools.get(ALL_FEED.slug)!.push(training);
      const state = training.state && slugs.byState.get(training.state);
      if (state) pools.get(state)!.push(training);
      for (const [format, slug] of slugs.byFormat) {
        if (formatMatches(training.format, format)) pools.get(slug)!.push(training);
      }
    }
    memo.feedPools = pools;
  }
  return memo.feedPools.get(feed.slug) ?? [];
}

let feedSlugs: ReturnType<typeof feedSlugsByFilter> | undefined;
function feedSlugsByFilter() {
  const feeds = allFeeds();
  return {
    byState: new Map(feeds.filter((f) => f.filter.state).map((f) => [f.filter.state, f.slug])),
    byFormat: new Map(feeds.filter((f) => f.filter.format).map((f) => [f.filter.format, f.slug])),
  };
}

/** States with at least one listed training: the state pages that exist. */
export function listedStates(data = loadSiteData()): { code: string; name: string }[] {
  const memo = derive(data);
  if (!memo.listedStates) {
    const present = new Set(memo.listed.map((t) => t.state));
    memo.listedStates = US_STATES.filter((s) => present.has(s.code));
  }
  return memo.listedStates;
}
