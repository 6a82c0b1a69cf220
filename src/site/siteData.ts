import { siteDataFile } from '../env';
import fs from 'node:fs';
import type { SiteData, SiteTraining } from '../domain/siteData';
import { publicListing } from '../domain/publicListing';
import { searchableText } from '../domain/filters';
import { listingEntry, queryListing, type ListingResult } from '../domain/listingQuery';
import { DEFAULT_SORT, PAGE_SIZE, type ListingView } from '../domain/listingView';
import { EMPTY_FILTERS, type TrainingFilters } from '../domain/filterQuery';
import { toCardData, type TrainingCardData } from '../domain/trainingCard';
import { US_STATES } from '../domain/states';

/**
 * Build-time access to the publisher's snapshot (SITE_DATA_FILE). Named by the environment, never
 * relative to import.meta.url: modules are bundled (ARCHITECTURE.md, Traps).
 */
let cached: { file: string; data: SiteData; listed?: SiteTraining[] } | undefined;

export function loadSiteData(): SiteData {
  const file = siteDataFile();
  if (!file) return { generatedAt: new Date().toISOString(), trainings: [] };
  if (cached?.file !== file) cached = { file, data: JSON.parse(fs.readFileSync(file, 'utf8')) as SiteData };
  return cached.data;
}

/** What the public sees at build time: the same rule as the API's, at the snapshot's instant. */
export function upcomingTrainings(data = loadSiteData()): SiteTraining[] {
  if (cached?.data === data) return (cached.listed ??= publicListing(data.trainings, new Date(data.generatedAt)));
  return publicListing(data.trainings, new Date(data.generatedAt));
}

export interface BuiltListing extends Omit<ListingResult, 'indices'> {
  cards: TrainingCardData[];
  view: ListingView;
}

/** The first page a built page shows, with its counts: the answer the island would fetch for it. */
export function builtListing(fixed: Partial<TrainingFilters> = {}, data = loadSiteData()): BuiltListing {
  const listed = upcomingTrainings(data);
  const entries = listed.map((t) => listingEntry(t, searchableText(t)));
  const view: ListingView = { filters: { ...EMPTY_FILTERS, ...fixed }, sort: DEFAULT_SORT, page: 1, limit: PAGE_SIZE };
  const { indices, ...rest } = queryListing(entries, view, new Date(data.generatedAt));
  return { ...rest, view, cards: indices.map((i) => toCardData(listed[i]!)) };
}

/** States with at least one listed training: the state pages that exist. */
export function listedStates(data = loadSiteData()): { code: string; name: string }[] {
  const present = new Set(upcomingTrainings(data).map((t) => t.state));
  return US_STATES.filter((s) => present.has(s.code));
}
