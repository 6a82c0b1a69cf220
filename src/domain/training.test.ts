import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { TrainingInputSchema } from './training';

const valid = {
  trainerId: '3b559151-3dc2-4766-b364-054ff9d0936a',
  title: 'EMDR Basic Training',
  description: 'Eight phases.',
  price: 1500,
  startDate: '2027-01-05T09:00:00-05:00',
  endDate: '2027-01-07T17:00:00-05:00',
  location: 'Los Angeles, CA',
  format: 'In-Person',
  thinkificUrl: 'https://x.thinkific.com/courses/a',
};
const errorsOf = (input: unknown) => {
  const result = TrainingInputSchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe('training input', () => {
  test('defaults: published, not certified, 0 CE credits; empty optionals become absent', () => {
    const parsed = TrainingInputSchema.parse({ ...valid, venue: '', state: '', schedule: '', refundPolicy: '' });
    expect(parsed).toMatchObject({
      isPublished: true,
      isEMDRIACertified: false,
      ceCredits: 0,
      venue: null,
      state: null,
      schedule: null,
      refundPolicy: null,
    });
    expect(parsed.startDate).toEqual(new Date('2027-01-05T14:00:00Z'));
  });

  test('the dates have their exact messages', () => {
    expect(errorsOf({ ...valid, startDate: '' }).startDate).toEqual(['Start date is required']);
    expect(errorsOf({ ...valid, endDate: '' }).endDate).toEqual(['End date is required']);
    const { startDate: _s, endDate: _e, ...noDates } = valid;
    expect(errorsOf(noDates)).toMatchObject({
      startDate: ['Start date is required'],
      endDate: ['End date is required'],
    });
    expect(errorsOf({ ...valid, startDate: 'tomorrow-ish' }).startDate).toEqual(['Enter a valid date and time']);
  });

  test('an end before the start is refused on the end date', () => {
    expect(errorsOf({ ...valid, endDate: '2027-01-01T09:00:00Z' }).endDate).toEqual([
      'End date must not be before the start date',
    ]);
  });

  test('required fields, formats, states, integers and URLs are checked', () => {
    const errors = errorsOf({
      ...valid,
      title: ' ',
      format: 'Online',
      state: 'DC',
      price: 1.5,
      ceCredits: -1,
      thinkificUrl: 'javascript:alert(1)',
    });
    expect(Object.keys(errors).sort()).toEqual(['ceCredits', 'format', 'price', 'state', 'thinkificUrl', 'title']);
  });

  test('a schedule must be a JSON list of {day, time, topics}', () => {
    expect(errorsOf({ ...valid, schedule: '[{"day":"Day 1","time":"9-5","topics":"AIP"}]' })).toEqual({});
    expect(errorsOf({ ...valid, schedule: 'Day 1: intro' }).schedule).toHaveLength(1);
  });

  test('unknown fields such as id or createdAt are refused', () => {
    expect(TrainingInputSchema.safeParse({ ...valid, id: 'x' }).success).toBe(false);
    expect(TrainingInputSchema.safeParse({ ...valid, createdAt: '2020-01-01' }).success).toBe(false);
  });
});

describe("a training's time zone", () => {
  test("absent, it is the state's zone, or Eastern Time without a state", () => {
    expect(TrainingInputSchema.parse({ ...valid, state: 'CA' }).timeZone).toBe('America/Los_Angeles');
    expect(TrainingInputSchema.parse({ ...valid, state: 'TX', timeZone: '' }).timeZone).toBe('America/Chicago');
    expect(TrainingInputSchema.parse(valid).timeZone).toBe('America/New_York');
  });

  test('a chosen zone is kept; anything but a listed IANA zone is refused', () => {
    expect(TrainingInputSchema.parse({ ...valid, state: 'FL', timeZone: 'America/Chicago' }).timeZone).toBe(
      'America/Chicago',
    );
    expect(errorsOf({ ...valid, timeZone: 'Mars/Olympus' }).timeZone).toEqual([
      'Choose one of the listed US time zones',
    ]);
    expect(errorsOf({ ...valid, timeZone: 42 }).timeZone).toHaveLength(1);
  });

  test('dates without an offset are wall-clock times in the training zone, whatever the machine zone', () => {
    const parsed = TrainingInputSchema.parse({
      ...valid,
      state: 'CA',
      startDate: '2027-03-06T09:00',
      endDate: '2027-03-06T17:00',
    });
    expect(parsed.startDate.toISOString()).toBe('2027-03-06T17:00:00.000Z');
    expect(parsed.endDate.toISOString()).toBe('2027-03-07T01:00:00.000Z');
    const honolulu = {
      ...valid,
      timeZone: 'Pacific/Honolulu',
      startDate: '2027-03-06T09:00:00',
      endDate: '2027-03-06T17:00',
    };
    expect(TrainingInputSchema.parse(honolulu).startDate.toISOString()).toBe('2027-03-06T19:00:00.000Z');
  });

  test('an impossible wall-clock date is refused, and end before start compares instants', () => {
    expect(errorsOf({ ...valid, startDate: '2027-02-30T09:00' }).startDate).toEqual(['Enter a valid date and time']);
    // 10:00 in Chicago is 9:00 in Denver's clock: the same instant, so not before.
    const same = {
      ...valid,
      timeZone: 'America/Chicago',
      startDate: '2027-03-06T10:00',
      endDate: '2027-03-06T16:00:00Z',
    };
    expect(errorsOf(same)).toEqual({});
    expect(errorsOf({ ...same, endDate: '2027-03-06T15:59:00Z' }).endDate).toEqual([
      'End date must not be before the start date',
    ]);
  });
});
