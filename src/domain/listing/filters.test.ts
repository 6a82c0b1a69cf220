import { describe, expect, test } from 'vitest';
import {
  TrainingFiltersSchema,
  activeFilterCount,
  anyMoreFilter,
  filtersFromQuery,
  filtersToQuery,
  filtersFromUrl,
  sameFilters,
  EMPTY_FILTERS,
} from './filters';
import { dateRangeWindow } from './dateRanges';
import { formatMatches } from '../formats';
import { STATE_CODES, stateName } from '../states';
import { mergeStats, FALLBACK_STATS } from '../stats';

describe('filters and constants', () => {
  test('the 50 states, AL to WY, no DC', () => {
    expect(STATE_CODES).toHaveLength(50);
    expect(STATE_CODES[0]).toBe('AL');
    expect(STATE_CODES.at(-1)).toBe('WY');
    expect(STATE_CODES).not.toContain('DC');
    expect(stateName('CA')).toBe('California');
  });

  test('a hybrid training matches the virtual and in-person filters', () => {
    expect(formatMatches('Hybrid', 'Virtual')).toBe(true);
    expect(formatMatches('Hybrid', 'In-Person')).toBe(true);
    expect(formatMatches('Hybrid', 'Hybrid')).toBe(true);
    expect(formatMatches('Virtual', 'Virtual')).toBe(true);
    expect(formatMatches('Virtual', 'In-Person')).toBe(false);
    expect(formatMatches('In-Person', 'Hybrid')).toBe(false);
  });

  test('the active count counts state, format and date range, not search', () => {
    expect(activeFilterCount({ ...EMPTY_FILTERS, search: 'x', state: 'CA', dateRange: 'next-month' })).toBe(2);
    expect(activeFilterCount({ ...EMPTY_FILTERS, ce: 'APA,NBCC', disclosed: '1' })).toBe(2);
  });

  test('only the filters that are set go into the query', () => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, state: 'CA', format: 'Virtual' })).toBe('state=CA&format=Virtual');
    const parsed = TrainingFiltersSchema.parse(filtersFromQuery(new URLSearchParams('state=CA&other=1')));
    // includeVirtual is the API's only (Near me): the pages' filters do not carry it.
    expect(parsed).toEqual({ ...EMPTY_FILTERS, includeVirtual: '', state: 'CA' });
  });

  test('date ranges are calendar months from this instant, whatever the time zone', () => {
    const { from, to } = dateRangeWindow('next-3-months', new Date('2026-11-22T12:00:00Z'));
    expect(from.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(to.toISOString()).toBe('2027-02-22T12:00:00.000Z');
    // A day the target month lacks becomes its last day, not a day of the month after.
    expect(dateRangeWindow('next-month', new Date('2027-01-31T23:30:00Z')).to.toISOString()).toBe(
      '2027-02-28T23:30:00.000Z',
    );
  });

  test('stats keep their fallback on a missing, zero or bad value', () => {
    expect(mergeStats({ stats: { last30UniqueCustomers: 10, totalLifetimeUsers: 0, totalEnrollments: 'x' } })).toEqual({
      last30UniqueCustomers: 10,
      totalLifetimeUsers: FALLBACK_STATS.totalLifetimeUsers,
      totalEnrollments: FALLBACK_STATS.totalEnrollments,
    });
    expect(mergeStats(null)).toEqual(FALLBACK_STATS);
  });
});

describe('filters from a page URL (the island)', () => {
  test('known values are kept, unknown ones are unset, and a lower-case state is accepted', () => {
    expect(filtersFromUrl('?state=ca&format=Virtual&dateRange=next-3-months&search=%20Denver%20')).toEqual({
      ...EMPTY_FILTERS,
      state: 'CA',
      format: 'Virtual',
      dateRange: 'next-3-months',
      search: 'Denver',
    });
    expect(filtersFromUrl('?state=ZZ&format=Online&dateRange=all')).toEqual(EMPTY_FILTERS);
  });

  test('the more filters: known bodies in their order, a known language, a whole price, disclosed=1', () => {
    expect(filtersFromUrl('?ce=nbcc,APA&ce=XYZ&type=basic&lang=ES&priceMax=01500&disclosed=1')).toEqual({
      ...EMPTY_FILTERS,
      ce: 'APA,NBCC',
      type: 'basic',
      lang: 'es',
      priceMax: '1500',
      disclosed: '1',
    });
    expect(filtersFromUrl('?ce=XYZ&type=expert&lang=zz&priceMax=-5&disclosed=yes')).toEqual(EMPTY_FILTERS);
  });

  test('who can attend (ADR 0045): the license as given, for the API to judge; "Any profession" and a bad prereq unset', () => {
    expect(filtersFromUrl('?license=counselor&prereq=none')).toEqual({
      ...EMPTY_FILTERS,
      license: 'counselor',
      prereq: 'none',
    });
    expect(filtersFromUrl('?license=all&prereq=yes')).toEqual(EMPTY_FILTERS);
    expect(activeFilterCount({ ...EMPTY_FILTERS, license: 'student', prereq: 'none' })).toBe(2);
    expect(anyMoreFilter({ ...EMPTY_FILTERS, license: 'student' })).toBe(false);
    expect(anyMoreFilter({ ...EMPTY_FILTERS, prereq: 'none' })).toBe(true);
  });

  test('a URL made from filters reads back to the same filters', () => {
    const filters = {
      ...EMPTY_FILTERS,
      state: 'NY',
      format: 'Hybrid',
      dateRange: 'next-month',
      search: 'trauma & grief',
      ce: 'APA,ASWB',
      type: 'basic',
      lang: 'es',
      priceMax: '1500',
      disclosed: '1',
      license: 'social_worker',
      prereq: 'none',
    };
    expect(sameFilters(filtersFromUrl(`?${filtersToQuery(filters)}`), filters)).toBe(true);
  });
});
