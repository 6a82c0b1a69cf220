import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { OfferingInputSchema, type OfferingFormValues } from './offering';
import {
  EMPTY_OFFERING_FILTERS,
  activeOfferingFilterCount,
  offeringQueryFromParams,
  offeringViewFromUrl,
  offeringViewToQuery,
  type OfferingView,
} from './offeringFilters';
import { OfferingQuerySchema, offeringViewOf } from './offeringFiltersSchema';
import { offeringEntry, queryOfferings } from './offeringQuery';
import { GROUP, PACKAGE } from '#tests/support/offerings';

const TRAINING = '6f1c1d2e-0000-4000-8000-00000000b001';
const offerings: Partial<OfferingFormValues>[] = [
  {}, // 0: Tue 6 PM ET, certification, $45/h, approved, virtual
  { firstSession: '2027-03-04T09:00', price: 600, priceUnit: 'series', availability: 'sold_out', seatsLeft: 0 }, // 1: Thu 9 AM ET, $40/h
  {
    countsToward: ['basic'],
    designations: [{ trainingId: TRAINING }],
    consultantCredential: 'emdria-consultant-in-training',
    language: 'es',
    format: 'In-Person',
    location: 'Chicago, IL',
    postalCode: '60601',
    latitude: 41.886,
    longitude: -87.618,
    price: 70,
  }, // 2: in Chicago, Spanish, toward Basic, $70/h
];
const rows = [
  ...offerings.map((body) => OfferingInputSchema.parse({ ...GROUP, ...body })),
  OfferingInputSchema.parse(PACKAGE),
];
const entries = rows.map(offeringEntry);
const now = new Date('2027-02-01T12:00:00Z');
const query = (
  filters: Partial<OfferingView['filters']>,
  origin: { latitude: number; longitude: number } | null = null,
) =>
  queryOfferings(
    entries,
    { filters: { ...EMPTY_OFFERING_FILTERS, ...filters }, sort: 'soonest', page: 1, limit: 24 },
    now,
    origin,
  );

describe('the consultation filters', () => {
  test('without filters every offering still meeting is listed, next session first, arranged ones last', () => {
    expect(query({}).indices).toEqual([0, 2, 1, 3]);
    expect(queryOfferings(entries, offeringViewFromUrl(''), new Date('2027-06-01T00:00:00Z')).indices).toEqual([3]);
  });

  test('what it counts toward, kind, format, language and consultant level', () => {
    expect(query({ toward: 'basic' }).indices).toEqual([2]);
    expect(query({ kind: 'package' }).indices).toEqual([3]);
    expect(query({ format: 'In-Person' }).indices).toEqual([2]);
    expect(query({ lang: 'es' }).indices).toEqual([2]);
    expect(query({ level: 'cit' }).indices).toEqual([2]);
  });

  test('weekday and time of day are read on the visitor’s clock', () => {
    // 6 PM Eastern on Tuesdays is 3 PM Tuesday in Los Angeles and midnight into Wednesday in Madrid.
    expect(query({ day: 'tue', time: 'evening' }).indices).toEqual([0, 2, 3]);
    expect(query({ day: 'tue', time: 'afternoon', tz: 'America/Los_Angeles' }).indices).toEqual([0, 2, 3]);
    expect(query({ day: 'wed', time: 'morning', tz: 'Europe/Madrid' }).indices).toEqual([0, 2, 3]);
    expect(query({ day: 'thu', time: 'morning' }).indices).toEqual([1, 3]);
  });

  test('the price of an hour is derived, seats narrow, and a training lists the offerings it designates', () => {
    expect(query({ priceMax: '44' }).indices).toEqual([1]);
    expect(query({ seats: '1' }).indices).toEqual([0, 2, 3]);
    expect(query({ training: TRAINING }).indices).toEqual([2]);
  });

  test('near a place lists those in range, and the online ones after them when asked', () => {
    const loop = { latitude: 41.88, longitude: -87.63 };
    const result = query({ near: '60601' }, loop);
    expect(result.indices).toEqual([2]);
    expect(result.distances![0]).toBeLessThan(2);
    expect(query({ near: '60601', includeVirtual: '1' }, loop).indices).toEqual([2, 0, 1, 3]);
  });

  test('each option counts what it would leave given the other filters', () => {
    const { counts } = query({ lang: 'es' });
    expect(counts.lang).toEqual({ en: 3, es: 1 });
    expect(counts.toward).toEqual({ basic: 1 });
    expect(counts.level).toEqual({ cit: 1 });
  });
});

describe('the filters in the URL', () => {
  test('a page URL round-trips, unknown values unset', () => {
    const view = offeringViewFromUrl(
      '?toward=certification&day=thu&day=tue&time=evening&tz=America/Chicago&lang=ES&kind=nope&page=2',
    );
    expect(view.filters).toMatchObject({
      toward: 'certification',
      day: 'tue,thu',
      time: 'evening',
      lang: 'es',
      kind: '',
    });
    expect(view.page).toBe(2);
    expect(offeringViewToQuery(view)).toBe(
      'toward=certification&lang=es&day=tue%2Cthu&time=evening&tz=America%2FChicago&page=2',
    );
    expect(offeringViewFromUrl(`?${offeringViewToQuery(view)}`)).toEqual(view);
    expect(activeOfferingFilterCount(view.filters)).toBe(4);
  });

  test('the API refuses a bad value with a field message, and takes repeated days', () => {
    const parse = (search: string) =>
      OfferingQuerySchema.safeParse(offeringQueryFromParams(new URLSearchParams(search)));
    const bad = parse('toward=licence&day=someday&tz=Mars/Base&page=0');
    expect(Object.keys(z.flattenError(bad.error!).fieldErrors).sort()).toEqual(['day', 'page', 'toward', 'tz']);
    expect(z.flattenError(parse('sort=distance').error!).fieldErrors).toEqual({
      sort: ['Sort by distance needs near'],
    });
    const good = parse('day=tue&day=thu&tz=america/chicago&level=approved');
    expect(offeringViewOf(good.data!).filters).toMatchObject({
      day: 'tue,thu',
      tz: 'America/Chicago',
      level: 'approved',
    });
    expect(offeringViewOf(good.data!).limit).toBe(Number.MAX_SAFE_INTEGER);
  });
});
