import { describe, expect, test } from 'vitest';
import { serializeJsonLd } from '../jsonLd';
import { OfferingInputSchema, type OfferingFormValues } from './offering';
import { offeringJsonLd, type JsonLdOffering } from './offeringJsonLd';
import { GROUP, PACKAGE } from '#tests/support/offerings';

const page = 'https://x.test/consultation/1';
const ld = (body: Partial<OfferingFormValues> = {}, base = GROUP, extra: Partial<JsonLdOffering> = {}) =>
  offeringJsonLd(
    { ...OfferingInputSchema.parse({ ...base, ...body }), trainer: { name: 'Rebecca Thornton' }, ...extra },
    page,
  );

describe('an offering’s JSON-LD', () => {
  test('a weekly series is an EducationEvent whose Schedule says the repeat on its own clock', () => {
    expect(ld({ skippedDates: ['2027-03-23'] })).toMatchObject({
      '@type': 'EducationEvent',
      name: 'Consultation group toward EMDR Certification',
      startDate: '2027-03-02T18:00:00-05:00',
      endDate: '2027-05-11T19:30:00-04:00',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      eventSchedule: [
        {
          '@type': 'Schedule',
          repeatFrequency: 'P1W',
          byDay: 'https://schema.org/Tuesday',
          startDate: '2027-03-02',
          endDate: '2027-05-11',
          startTime: '18:00:00',
          endTime: '19:30:00',
          duration: 'PT90M',
          scheduleTimezone: 'America/New_York',
          repeatCount: 10,
          exceptDate: ['2027-03-23'],
        },
      ],
      maximumAttendeeCapacity: 6,
      remainingAttendeeCapacity: 3,
      organizer: { '@type': 'Person', name: 'Rebecca Thornton' },
    });
  });

  test('the offer is the derived total, with the stated price per hour beside it', () => {
    expect(ld().offers).toEqual({
      '@type': 'Offer',
      price: 675,
      priceCurrency: 'USD',
      url: page,
      availability: 'https://schema.org/LimitedAvailability',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: 45,
        priceCurrency: 'USD',
        unitText: 'hour',
        unitCode: 'HUR',
      },
    });
  });

  test('every two weeks and monthly on the 2nd weekday; a list of dates is a Schedule per date', () => {
    expect(ld({ repeat: 'biweekly' }).eventSchedule).toMatchObject([{ repeatFrequency: 'P2W' }]);
    expect(ld({ repeat: 'monthly', firstSession: '2027-03-09T18:00' }).eventSchedule).toMatchObject([
      { repeatFrequency: 'P1M', byMonthWeek: 2, byDay: 'https://schema.org/Tuesday' },
    ]);
    const listed = ld({ schedule: 'dates', sessionDates: ['2027-03-16'], groupHours: 3 }).eventSchedule;
    expect(listed).toMatchObject([
      { startDate: '2027-03-02', endDate: '2027-03-02', repeatCount: 1 },
      { startDate: '2027-03-16', endDate: '2027-03-16', repeatCount: 1 },
    ]);
  });

  test('a Spanish offering says so, and what it requires first ends its description', () => {
    const spanish = ld({ language: 'es', prerequisite: 'emdr_basic', description: 'Grupo en español.' });
    expect(spanish.inLanguage).toBe('es');
    expect(spanish.description).toBe('Grupo en español. Requires a completed EMDR Basic Training.');
  });

  test('arranged hours are a Service with their offer, not an event', () => {
    const service = ld({}, PACKAGE);
    expect(service).toMatchObject({ '@type': 'Service', offers: { price: 1500 } });
    expect(service).not.toHaveProperty('startDate');
  });

  test('serialised, it cannot close its script element', () => {
    const text = serializeJsonLd(ld({ title: '</script><script>alert(1)</script>' }));
    expect(text).not.toMatch(/</);
    expect((JSON.parse(text) as { name: string }).name).toBe('</script><script>alert(1)</script>');
  });
});
