import { describe, expect, test } from 'vitest';
import type { SiteData, SiteTraining } from '../domain/siteData';
import { queryListing } from '../domain/listing/listingQuery';
import { EMPTY_FILTERS } from '../domain/listing/filterQuery';
import { DEFAULT_SORT, PAGE_SIZE } from '../domain/listing/listingView';
import { builtListing, upcomingTrainings } from './siteData';
import { listingEntry } from '../domain/listing/listingQuery';
import { searchableText } from '../domain/listing/filters';
import { NO_PROGRAM_FACTS } from '../domain/trainingFacts/programFacts';

const NOW = '2027-01-10T12:00:00.000Z';
const STATES = ['CA', 'OR', 'NV', null];
const FORMATS = ['In-Person', 'Virtual', 'Hybrid'];

/** 90 trainings over three months, spread over three states, no state and three formats; a few ended or drafts. */
function site(): SiteData {
  const trainings = Array.from({ length: 90 }, (_, n) => {
    const start = Date.UTC(2027, 0, 5 + n, 16);
    return {
      id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Training ${n % 7}`,
      description: '',
      price: 100 + ((n * 37) % 500),
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7 * 3600_000).toISOString(),
      format: FORMATS[n % 3]!,
      state: STATES[n % 4]!,
      location: 'Somewhere',
      venue: null,
      isPublished: n % 11 !== 0,
      createdAt: new Date(Date.UTC(2026, 5, 1) - n * 60_000).toISOString(),
      trainer: { name: 'Trainer' },
      ...NO_PROGRAM_FACTS,
      // Some rows state facts, so the state pages' fact counts are checked too.
      ceApprovals:
        n % 5 === 0 ? [{ body: 'APA', boardName: null, providerNumber: null, hours: 50, statement: null }] : [],
      programType: n % 2 ? 'basic' : null,
      language: n % 6 === 0 ? 'es' : 'en',
      refundPolicy: null,
    } as unknown as SiteTraining;
  });
  return { generatedAt: NOW, trainings };
}

describe('builtListing', () => {
  test("a state page's first page and counts are those of the query over every row", () => {
    const data = site();
    const listed = upcomingTrainings(data);
    const entries = listed.map((t) => listingEntry(t, searchableText(t)));
    for (const state of ['CA', 'OR', 'NV', 'WA']) {
      const view = { filters: { ...EMPTY_FILTERS, state }, sort: DEFAULT_SORT, page: 1, limit: PAGE_SIZE };
      const full = queryListing(entries, view, new Date(NOW));
      const built = builtListing({ state }, data);
      expect(built.cards.map((card) => card.id)).toEqual(full.indices.map((i) => listed[i]!.id));
      expect({ ...built.counts, total: built.total, pageCount: built.pageCount }).toEqual({
        ...full.counts,
        total: full.total,
        pageCount: full.pageCount,
      });
      expect(Object.keys(built.counts.state)).toEqual(Object.keys(full.counts.state));
    }
  });
});
