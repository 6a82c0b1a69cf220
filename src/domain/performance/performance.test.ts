import { describe, expect, test } from 'vitest';
import {
  analyticsQuerySchema,
  daysFrom,
  isCalendarDay,
  PERFORMANCE_MESSAGES,
  readPerformancePageQuery,
} from './performance';
import { LISTING_EVENT_MESSAGES, ListingEventSchema } from './listingEvents';

const TRAINING = '6f1c2a4e-8b7d-4c3e-9a2b-1d0e5f6a7b8c';

describe('the analytics query', () => {
  const schema = analyticsQuerySchema('2027-03-30');

  test('without dates is the last 30 days, today included', () => {
    const query = schema.parse({});
    expect(query).toEqual({ trainerId: null, from: '2027-03-01', to: '2027-03-30' });
    expect(daysFrom(query.from, query.to)).toHaveLength(30);
  });

  test('with only an end is the 30 days up to it', () => {
    expect(schema.parse({ to: '2027-01-31' })).toMatchObject({ from: '2027-01-02', to: '2027-01-31' });
  });

  test.each(['2027-02-30', '2027-3-1', 'yesterday', '2027-03-01T00:00:00Z'])('refuses %s as a date', (value) => {
    const result = schema.safeParse({ from: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['from'], message: PERFORMANCE_MESSAGES.day });
  });

  test('refuses a period that ends before it starts, or is longer than a year', () => {
    expect(schema.safeParse({ from: '2027-03-02', to: '2027-03-01' }).error?.issues[0]?.message).toBe(
      PERFORMANCE_MESSAGES.order,
    );
    expect(schema.safeParse({ from: '2025-01-01', to: '2027-03-01' }).error?.issues[0]?.message).toBe(
      PERFORMANCE_MESSAGES.span,
    );
  });

  test('knows calendar days, leap days included', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
  });
});

describe("the Performance page's query", () => {
  test('offers 30 or 90 days and falls back to 30 and the first page', () => {
    expect(readPerformancePageQuery(new URLSearchParams('days=90&page=2'))).toEqual({
      period: 90,
      trainerId: null,
      page: 2,
    });
    expect(readPerformancePageQuery(new URLSearchParams('days=7&page=-1'))).toMatchObject({ period: 30, page: 1 });
  });
});

describe("the beacon's event", () => {
  test('names one training, or a list for widget impressions only', () => {
    expect(ListingEventSchema.parse({ type: 'view', trainingId: TRAINING })).toEqual({
      type: 'view',
      trainingIds: [TRAINING],
    });
    expect(ListingEventSchema.parse({ type: 'widget', trainingIds: [TRAINING, TRAINING] })).toEqual({
      type: 'widget',
      trainingIds: [TRAINING],
    });
    const listedView = ListingEventSchema.safeParse({ type: 'view', trainingIds: [TRAINING] });
    expect(listedView.error?.issues[0]?.message).toBe(LISTING_EVENT_MESSAGES.onlyWidget);
  });

  test.each([
    [{ type: 'click', trainingId: TRAINING }, 'type'],
    [{ type: 'view', trainingId: 'not-an-id' }, 'trainingId'],
    [{ type: 'view' }, 'trainingId'],
    [{ type: 'widget', trainingIds: [] }, 'trainingIds'],
  ])('refuses %j, naming %s', (body, field) => {
    expect(ListingEventSchema.safeParse(body).error?.issues[0]?.path).toEqual([field]);
  });
});
