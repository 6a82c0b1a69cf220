import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { OfferingInputSchema, type OfferingFormValues } from './offering';
import { OFFERING_CHECKS, OFFERING_FIELDS, OFFERING_MESSAGES } from './offeringFields';
import { GROUP, PACKAGE } from '#tests/support/offerings';

const parse = (body: Partial<OfferingFormValues>, base: OfferingFormValues = GROUP) =>
  OfferingInputSchema.parse({ ...base, ...body });
function fieldErrors(body: Record<string, unknown>, base: OfferingFormValues = GROUP) {
  const result = OfferingInputSchema.safeParse({ ...base, ...body });
  return result.success ? {} : (z.flattenError(result.error).fieldErrors as Record<string, string[]>);
}

describe('an offering as stored', () => {
  test('new facts left out get their defaults: English, open, published, no designations', () => {
    const o = parse({});
    expect(o).toMatchObject({
      language: 'en',
      availability: 'few_seats',
      forming: false,
      joinedCount: null,
      isPublished: true,
      designations: [],
      skippedDates: [],
      sessionDates: [],
      title: null,
      registerUrl: null,
      agreementUrl: null,
      postalCode: null,
    });
  });

  test('a first session with an offset is kept as wall-clock time on the offering’s clock', () => {
    expect(parse({ firstSession: '2027-03-02T23:00:00Z' }).firstSession).toBe('2027-03-02T18:00');
    expect(parse({ firstSession: '2027-03-02T18:00:00' }).firstSession).toBe('2027-03-02T18:00');
  });

  test('any IANA zone is taken, kept in its canonical spelling; absent is Eastern Time', () => {
    expect(parse({ timeZone: 'europe/madrid' }).timeZone).toBe('Europe/Madrid');
    expect(parse({ timeZone: undefined }).timeZone).toBe('America/New_York');
    expect(fieldErrors({ timeZone: 'Mars/Olympus' })).toEqual({ timeZone: [OFFERING_MESSAGES.timeZone] });
  });

  test('Spanish is a language an offering states', () => {
    expect(parse({ language: 'ES' }).language).toBe('es');
  });

  test('individual consultation is one to one unless it says otherwise', () => {
    expect(parse({}, PACKAGE)).toMatchObject({ groupMax: 1, firstSession: null, repeat: null });
  });

  test('designations are kept only for Basic Training consultation', () => {
    expect(parse({ designations: [{ provider: 'EMDR Institute' }] }).designations).toEqual([]);
    const basic = parse({
      countsToward: ['basic', 'certification', 'basic'],
      designations: [{ provider: 'EMDR Institute' }],
    });
    expect(basic.countsToward).toEqual(['basic', 'certification']);
    expect(basic.designations).toEqual([{ trainingId: null, provider: 'EMDR Institute' }]);
  });

  test('unknown fields are refused', () => {
    expect(OfferingInputSchema.safeParse({ ...GROUP, rating: 5 }).success).toBe(false);
  });
});

describe('when an offering meets', () => {
  test('a repeating series needs its repeat and number of sessions', () => {
    expect(fieldErrors({ repeat: '', sessionCount: null })).toEqual({
      repeat: [OFFERING_MESSAGES.repeat],
      sessionCount: [OFFERING_MESSAGES.sessionCount],
    });
  });

  test('a skipped date must be one of the series’ dates, and is then kept in order', () => {
    expect(fieldErrors({ skippedDates: ['2027-03-16', '2027-03-17'] })).toEqual({
      skippedDates: [OFFERING_MESSAGES.skippedDates],
    });
    expect(parse({ skippedDates: ['2027-03-23', '2027-03-16'] }).skippedDates).toEqual(['2027-03-16', '2027-03-23']);
  });

  test('a list of dates needs further dates after the first session, each once, refused at its row', () => {
    const dates = { schedule: 'dates' as const, repeat: null, sessionCount: null, groupHours: 1.5 };
    expect(fieldErrors(dates)).toEqual({ sessionDates: [OFFERING_CHECKS.needsDates] });
    const result = OfferingInputSchema.safeParse({ ...GROUP, ...dates, sessionDates: ['2027-03-16', '2027-03-01'] });
    expect(result.error?.issues.map((i) => i.path)).toEqual([['sessionDates', 1]]);
    expect(parse({ ...dates, sessionDates: ['2027-04-06', '2027-03-16'], groupHours: 4.5 }).sessionDates).toEqual([
      '2027-03-16',
      '2027-04-06',
    ]);
  });

  test('only individual hours can be arranged with you', () => {
    expect(fieldErrors({ schedule: 'arranged' })).toEqual({ schedule: [OFFERING_CHECKS.arrangedIsIndividual] });
    expect(fieldErrors({}, PACKAGE)).toEqual({});
  });

  test('a bad date is refused with the field’s message', () => {
    expect(fieldErrors({ firstSession: '2027-02-30T18:00' })).toEqual({
      firstSession: [OFFERING_MESSAGES.firstSession],
    });
  });
});

describe('the group', () => {
  test('a group states its largest size, and the smallest is not larger', () => {
    expect(fieldErrors({ groupMax: null })).toEqual({ groupMax: [OFFERING_CHECKS.groupNeedsSize] });
    expect(fieldErrors({ groupMin: 7 })).toEqual({ groupMin: [OFFERING_CHECKS.groupOrder] });
  });

  test('a forming group says how many must join first, and no more have joined than fit', () => {
    expect(fieldErrors({ forming: true, groupMin: null })).toEqual({ groupMin: [OFFERING_MESSAGES.forming] });
    expect(fieldErrors({ forming: true, joinedCount: 7 })).toEqual({ joinedCount: [OFFERING_MESSAGES.joinedCount] });
  });

  test('an in-person group says where it meets', () => {
    expect(fieldErrors({ format: 'In-Person' })).toEqual({ location: [OFFERING_CHECKS.needsPlace] });
    expect(fieldErrors({ format: 'In-Person', location: 'Chicago, IL', postalCode: '60601' })).toEqual({});
  });

  test('every field has a label and a message', () => {
    for (const { label, message } of Object.values(OFFERING_FIELDS)) {
      expect(label.length).toBeGreaterThan(0);
      expect(message.length).toBeGreaterThan(0);
    }
  });
});
