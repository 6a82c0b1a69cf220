import { describe, expect, test } from 'vitest';
import { OfferingInputSchema, type OfferingFormValues, type OfferingInput } from './offering';
import { formingText, offeringSummary, offeringTitle, seatsText, toOfferingCard } from './offeringCard';
import { pricePerHour, priceText, totalPrice, totalPriceText } from './offeringPrice';
import { expandSessions } from './recurrence';
import { meetsText, sessionWhen, yourTime, zoneShortName } from './sessionTimes';
import { GROUP, PACKAGE } from '#tests/support/offerings';

const offering = (body: Partial<OfferingFormValues> = {}, base = GROUP): OfferingInput =>
  OfferingInputSchema.parse({ ...base, ...body });

describe('the card line', () => {
  test('says a group in one line: size, weekday and hours on its clock, sessions, price, hours toward, seats', () => {
    expect(offeringSummary(offering())).toBe(
      'Group of 4–6 · Tuesdays 6–7:30 PM ET · 10 sessions from Mar 2, 2027 · $45 an hour · 10 group hours toward EMDR Certification · 3 seats left',
    );
    expect(offeringSummary(offering({ groupMin: null }))).toMatch(/^Group of 6 · /);
  });

  test('a package names its hours first, and its times are arranged', () => {
    expect(offeringSummary(offering({}, PACKAGE))).toBe(
      '10 individual hours · Times arranged with you · $150 an hour · Toward EMDR Certification',
    );
  });

  test('every two weeks, monthly, a list of dates, and two kinds of hours', () => {
    expect(meetsText(offering({ repeat: 'biweekly' }))).toBe('Every other Tuesday 6–7:30 PM ET');
    expect(meetsText(offering({ repeat: 'monthly', firstSession: '2027-03-09T11:30' }))).toBe(
      '2nd Tuesday of the month 11:30 AM–1 PM ET',
    );
    const listed = offering({ schedule: 'dates', sessionDates: ['2027-03-16'], groupHours: 3, sessionCount: null });
    expect(meetsText(listed)).toBe('Selected Tuesdays 6–7:30 PM ET');
    expect(offeringSummary(offering({ groupMax: 4, individualHours: 5, groupHours: 5 }))).toContain(
      '5 individual and 5 group hours toward EMDR Certification',
    );
  });

  test('a zone without a short name is named by its city', () => {
    expect(zoneShortName('Europe/Madrid', '2027-03-02T18:00:00Z')).toBe('Madrid time');
    expect(meetsText(offering({ timeZone: 'Europe/Madrid', firstSession: '2027-03-02T19:00' }))).toBe(
      'Tuesdays 7–8:30 PM Madrid time',
    );
  });

  test('seats: a count, one seat, or the availability’s own word', () => {
    expect(seatsText({ availability: 'open', seatsLeft: 1 })).toBe('1 seat left');
    expect(seatsText({ availability: 'open', seatsLeft: null })).toBeNull();
    expect(seatsText({ availability: 'waitlist', seatsLeft: 0 })).toBe('Waitlist open');
  });

  test('a forming group says how many must join and how many have', () => {
    expect(formingText(offering({ forming: true, joinedCount: 2 }))).toBe('Starts when 4 have joined: 2 so far');
    expect(formingText(offering({ forming: true }))).toBe('Starts when 4 have joined');
    expect(formingText(offering())).toBeNull();
  });

  test('an offering without a title is named by its kind and goal', () => {
    expect(offeringTitle(offering())).toBe('Consultation group toward EMDR Certification');
    const card = toOfferingCard(
      { ...offering({ title: 'Grupo de consulta', language: 'es' }), id: 'x' },
      {
        credential: 'Credential not checked by us',
        trainer: null,
      },
    );
    expect(card).toMatchObject({ title: 'Grupo de consulta', language: 'es', forming: null });
  });
});

describe('the price, as stated and derived', () => {
  test('an hourly group’s total is the hours it meets at the stated price', () => {
    const o = offering();
    expect(priceText(o)).toBe('$45 an hour');
    expect(totalPrice(o)).toBe(675);
    expect(totalPriceText(o)).toBe('$675 in all (15 hours at $45 an hour)');
  });

  test('per session and for the series, with the hour’s price derived', () => {
    const perSession = offering({ price: 60, priceUnit: 'session' });
    expect(totalPriceText(perSession)).toBe('$600 in all (10 sessions at $60 a session)');
    expect(pricePerHour(perSession)).toBe(40);
    const series = offering({ price: 600, priceUnit: 'series' });
    expect(totalPrice(series)).toBe(600);
    expect(pricePerHour(series)).toBe(40);
    expect(priceText({ ...series, kind: 'package' })).toBe('$600 for the package');
  });

  test('a package of hours adds up its hours; arranged sessions priced each have no total', () => {
    expect(totalPrice(offering({}, PACKAGE))).toBe(1500);
    expect(totalPrice(offering({ priceUnit: 'session' }, PACKAGE))).toBeNull();
    expect(totalPriceText(offering({ priceUnit: 'session' }, PACKAGE))).toBeNull();
  });
});

describe('a session on its clock and on the visitor’s', () => {
  const [first] = expandSessions(offering());

  test('reads on the offering’s clock', () => {
    expect(sessionWhen(first!, 'America/New_York')).toBe('Tue, Mar 2, 2027 · 6:00 PM – 7:30 PM EST');
  });

  test('a visitor on another clock gets "Your time"; one on the same clock gets nothing more', () => {
    expect(yourTime(first!, 'America/New_York', 'America/Los_Angeles')).toBe(
      'Your time: Tue, Mar 2, 2027 · 3:00 PM – 4:30 PM PST',
    );
    expect(yourTime(first!, 'America/New_York', 'Europe/Madrid')).toBe(
      'Your time: Wed, Mar 3, 2027 · 12:00 AM – 1:30 AM GMT+1',
    );
    expect(yourTime(first!, 'America/New_York', 'America/New_York')).toBeNull();
  });
});
