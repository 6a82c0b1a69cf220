import { describe, expect, test } from 'vitest';
import { OfferingInputSchema, type OfferingFormValues } from './offering';
import { certificationLine, certificationTotals } from './certificationPath';
import { GROUP, PACKAGE } from '#tests/support/offerings';

const offering = (body: Partial<OfferingFormValues> = {}, base = GROUP) =>
  OfferingInputSchema.parse({ ...base, ...body });

describe('the path to EMDR Certification', () => {
  test('a group of 10 group hours plus 10 individual hours is the 20, with its derived price', () => {
    const totals = certificationTotals([offering(), offering({}, PACKAGE)]);
    expect(totals).toMatchObject({ counted: 20, countedIndividual: 10, countedGroup: 10, complete: true, price: 2175 });
    expect(certificationLine(totals)).toBe('20 of the 20 hours: 10 individual, 10 group · $2,175 in all');
  });

  test('group hours past 10 do not count, and individual hours are still needed', () => {
    const totals = certificationTotals([
      offering({ sessionMinutes: 120, groupHours: 12 }),
      offering({ groupHours: 6 }),
    ]);
    expect(totals).toMatchObject({ group: 18, countedGroup: 10, counted: 10, individualNeeded: 10, complete: false });
    expect(certificationLine(totals)).toBe(
      '10 of the 20 hours: 0 individual, 10 group · 10 more individual hours needed · $1,575 in all',
    );
  });

  test('at most 15 hours count from a consultant-in-training', () => {
    const cit = offering({ consultantCredential: 'emdria-consultant-in-training', individualHours: 15 }, PACKAGE);
    const totals = certificationTotals([cit, offering({ consultantCredential: 'emdria-consultant-in-training' })]);
    expect(totals).toMatchObject({ countedIndividual: 15, countedGroup: 0, counted: 15, remaining: 5 });
  });

  test('an offering toward something else adds nothing, and a total that cannot be added up is none', () => {
    const basic = offering({ countsToward: ['basic'], designations: [{ provider: 'EMDR Institute' }] });
    expect(certificationTotals([basic])).toMatchObject({ counted: 0, price: 0 });
    expect(certificationTotals([offering({ priceUnit: 'session' }, PACKAGE)]).price).toBeNull();
  });
});
