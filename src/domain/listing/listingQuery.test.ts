import { describe, expect, test } from 'vitest';
import { searchableText } from './filters';
import { listingEntry, queryListing, type ListingEntry } from './listingQuery';
import { EMPTY_FILTERS, type TrainingFilters } from './filterQuery';
import { PAGE_SIZE, type ListingView } from './listingView';
import { isListed, publicListing } from './publicListing';
import { NO_PROGRAM_FACTS } from '../trainingFacts/programFacts';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * DAY);

function entry(over: Partial<Parameters<typeof listingEntry>[0]> & { search?: string } = {}): ListingEntry {
  const { search = 'somatic emdr', ...t } = over;
  return listingEntry(
    {
      state: 'CA',
      format: 'In-Person',
      startDate: at(9),
      endDate: at(10),
      price: 500,
      createdAt: at(-30),
      ...NO_PROGRAM_FACTS,
      refundPolicy: null,
      ...t,
    },
    search,
  );
}
const view = (filters: Partial<TrainingFilters> = {}, rest: Partial<ListingView> = {}): ListingView => ({
  filters: { ...EMPTY_FILTERS, ...filters },
  sort: 'soonest',
  page: 1,
  limit: PAGE_SIZE,
  ...rest,
});
const matches = (e: ListingEntry, filters: Partial<TrainingFilters>) =>
  queryListing([e], view(filters), now).total === 1;

describe('what the public sees', () => {
  test('a training leaves the list at its end instant, not at a midnight', () => {
    const t = { isPublished: true, endDate: new Date(now.getTime() + 1) };
    expect(isListed(t, now)).toBe(true);
    expect(isListed({ ...t, endDate: now }, now)).toBe(false);
    expect(isListed({ ...t, endDate: now.toISOString() }, now)).toBe(false);
    expect(isListed({ ...t, isPublished: false }, now)).toBe(false);
    expect(matches(entry({ endDate: new Date(now.getTime() + 1) }), {})).toBe(true);
    expect(matches(entry({ endDate: now }), {})).toBe(false);
  });

  test('the listing is soonest first, then by title, then by id, whether dates are Dates or strings', () => {
    const row = (id: string, title: string, start: Date | string) => ({
      id,
      title,
      isPublished: true,
      startDate: start,
      endDate: at(40),
    });
    const listed = publicListing(
      [row('b', 'Same', at(5)), row('a', 'Same', at(5).toISOString()), row('c', 'Alpha', at(5)), row('d', 'Z', at(1))],
      now,
    );
    expect(listed.map((t) => t.id)).toEqual(['d', 'c', 'a', 'b']);
  });
});

describe('filters (the in-memory public list)', () => {
  const hay = searchableText({
    title: 'Somatic EMDR',
    description: 'd',
    location: 'San Diego',
    venue: null,
    trainer: { name: 'Ann Lee' },
  });

  test('a hybrid training matches every format filter; state and search must match', () => {
    const t = entry({ format: 'Hybrid', search: hay });
    expect(matches(t, { format: 'Virtual' })).toBe(true);
    expect(matches(t, { format: 'In-Person' })).toBe(true);
    expect(matches(entry({ format: 'Virtual' }), { format: 'In-Person' })).toBe(false);
    expect(matches(t, { state: 'NY' })).toBe(false);
    expect(matches(t, { search: 'ANN LEE' })).toBe(true);
    expect(matches(t, { search: 'zoom' })).toBe(false);
  });

  test('a date range compares start instants with now and now plus the months', () => {
    expect(matches(entry({ startDate: at(20) }), { dateRange: 'next-month' })).toBe(true);
    expect(matches(entry({ startDate: at(80) }), { dateRange: 'next-month' })).toBe(false);
    expect(matches(entry({ startDate: new Date('2026-12-22T11:59:59Z') }), { dateRange: 'next-month' })).toBe(true);
    expect(matches(entry({ startDate: new Date('2026-12-22T12:00:00Z') }), { dateRange: 'next-month' })).toBe(false);
  });
});

describe('pages, order and counts', () => {
  const entries = Array.from({ length: 30 }, (_, i) =>
    entry({
      startDate: at(i + 1),
      price: 1000 - i * 10,
      createdAt: at(-i),
      state: i % 3 === 0 ? 'NY' : 'CA',
      format: (['In-Person', 'Virtual', 'Hybrid'] as const)[i % 3],
    }),
  );

  test('a page holds at most the page size, counts every match, and a page past the end is the last', () => {
    const first = queryListing(entries, view(), now);
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.indices).toEqual([...Array(24).keys()]);
    const past = queryListing(entries, view({}, { page: 9 }), now);
    expect(past).toMatchObject({ page: 2, pageCount: 2 });
    expect(past.indices).toEqual([24, 25, 26, 27, 28, 29]);
    expect(queryListing([], view({}, { page: 3 }), now)).toMatchObject({ total: 0, page: 1, pageCount: 1 });
  });

  test('the orders: price both ways, recently added, soonest by default', () => {
    const ids = (sort: ListingView['sort']) => queryListing(entries, view({}, { sort, limit: 3 }), now).indices;
    expect(ids('soonest')).toEqual([0, 1, 2]);
    expect(ids('price-asc')).toEqual([29, 28, 27]);
    expect(ids('price-desc')).toEqual([0, 1, 2]);
    expect(ids('newest')).toEqual([0, 1, 2]);
    expect(queryListing(entries, view({}, { sort: 'newest', limit: 3, page: 10 }), now).indices).toEqual([27, 28, 29]);
  });

  test('each option counts what it would leave given the other filters', () => {
    const { counts, total } = queryListing(entries, view({ state: 'NY', format: 'Virtual' }), now);
    // NY holds i = 0, 3, 6, ...: all In-Person. Virtual keeps the CA trainings with i % 3 = 1 or 2 (Hybrid).
    expect(total).toBe(0);
    expect(counts.state).toEqual({ CA: 20 });
    expect(counts.format).toEqual({ 'In-Person': 10, Virtual: 0, Hybrid: 0 });
    expect(counts.dateRange).toEqual({ 'next-month': 0, 'next-3-months': 0, 'next-6-months': 0 });
    const all = queryListing(entries, view(), now).counts;
    expect(all.state).toEqual({ CA: 20, NY: 10 });
    expect(all.format).toEqual({ 'In-Person': 20, Virtual: 20, Hybrid: 10 });
    expect(all.dateRange).toEqual({ 'next-month': 29, 'next-3-months': 30, 'next-6-months': 30 });
  });
});

describe('program facts filters (docs/product.md, Program facts)', () => {
  const approvals = (...bodies: string[]) =>
    bodies.map((body) => ({ body, boardName: null, providerNumber: null, hours: 50, statement: null })) as never;
  const disclosedBasic = {
    programType: 'basic' as const,
    consultation: { hours: 10, included: false, costMin: 600, costMax: 900 },
    completionWindowMonths: 18,
    refundPolicy: 'Full refund 30 days before.',
  };

  test('ce lists what any of the bodies approves, and counts per body given the other filters', () => {
    const apaNbcc = entry({ ceApprovals: approvals('APA', 'NBCC') });
    const aswb = entry({ ceApprovals: approvals('ASWB'), format: 'Virtual' });
    const none = entry();
    expect(matches(apaNbcc, { ce: 'APA' })).toBe(true);
    expect(matches(apaNbcc, { ce: 'ASWB' })).toBe(false);
    expect(matches(aswb, { ce: 'APA,ASWB' })).toBe(true);
    expect(matches(none, { ce: 'APA' })).toBe(false);
    const result = queryListing([apaNbcc, aswb, none], view({ ce: 'APA' }), now);
    expect(result.total).toBe(1);
    expect(result.counts.ce).toMatchObject({ APA: 1, NBCC: 1, ASWB: 1, NAADAC: 0 });
    // The format count respects the ce filter: only the APA training is left to count.
    expect(result.counts.format).toMatchObject({ 'In-Person': 1, Virtual: 0 });
    expect(queryListing([apaNbcc, aswb, none], view({ format: 'Virtual' }), now).counts.ce).toMatchObject({
      APA: 0,
      ASWB: 1,
    });
  });

  test('type and language filter and count', () => {
    const basicEs = entry({ programType: 'basic', language: 'es' });
    const advancedEn = entry({ programType: 'advanced' });
    const list = [basicEs, advancedEn];
    expect(queryListing(list, view({ type: 'basic' }), now).total).toBe(1);
    expect(queryListing(list, view({ lang: 'es' }), now).total).toBe(1);
    expect(queryListing(list, view({ lang: 'es', type: 'advanced' }), now).total).toBe(0);
    const counts = queryListing(list, view({ lang: 'es' }), now).counts;
    expect(counts.type).toMatchObject({ basic: 1, advanced: 0, other: 0 });
    expect(counts.lang).toEqual({ es: 1, en: 1 });
  });

  test('priceMax compares the total with consultation; tuition when it is included', () => {
    const notIncluded = entry({ price: 1450 });
    const withExtra = entry({ price: 900, consultation: { hours: 10, included: false, costMin: 300, costMax: 600 } });
    const included = entry({ price: 999, consultation: { hours: 10, included: true, costMin: null, costMax: null } });
    expect(matches(notIncluded, { priceMax: '999' })).toBe(false);
    expect(matches(notIncluded, { priceMax: '1450' })).toBe(true);
    expect(matches(withExtra, { priceMax: '1499' })).toBe(false);
    expect(matches(withExtra, { priceMax: '1500' })).toBe(true);
    expect(matches(included, { priceMax: '999' })).toBe(true);
  });

  test('disclosed=1 keeps only trainings whose full cost is stated', () => {
    expect(matches(entry(disclosedBasic), { disclosed: '1' })).toBe(true);
    expect(matches(entry({ ...disclosedBasic, completionWindowMonths: null }), { disclosed: '1' })).toBe(false);
    expect(matches(entry(), { disclosed: '1' })).toBe(false);
  });
});

describe('the online count the empty result offers', () => {
  test('counts virtual and hybrid trainings in any state and at any distance, under the other filters', () => {
    const entries = [
      entry({ state: 'NY', format: 'Virtual' }),
      entry({ state: null, format: 'Hybrid' }),
      entry({ state: 'OR', format: 'In-Person' }),
      entry({ state: 'CA', format: 'Virtual', startDate: at(200), endDate: at(201) }),
    ];
    const oregon = queryListing(entries, view({ state: 'OR', format: 'Virtual' }), now);
    expect(oregon.total).toBe(0);
    expect(oregon.counts.online).toBe(3);
    expect(queryListing(entries, view({ state: 'OR', dateRange: 'next-month' }), now).counts.online).toBe(2);
    const near = queryListing(entries, view({ near: '45.52,-122.68' }), now, null, {
      latitude: 45.52,
      longitude: -122.68,
    });
    expect(near.counts.online).toBe(3);
  });
});
