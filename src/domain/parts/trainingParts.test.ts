import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { TrainingInputSchema } from '../training';
import { trainingCalendar } from '../feeds/calendar';
import { trainingJsonLd } from '../jsonLd';
import { formatPartWhen, partLine } from './partWhen';
import { shownParts } from './trainingParts';
import { publicListing } from '../listing/publicListing';
import { validCalendar } from '#tests/support/icalendar';
import { NO_PROGRAM_FACTS } from '../trainingFacts/programFacts';

const base = {
  trainerId: '3b559151-3dc2-4766-b364-054ff9d0936a',
  title: 'EMDR Basic Training',
  description: 'Eight phases.',
  price: 1500,
  location: 'Sacramento, CA',
  state: 'CA',
  format: 'In-Person',
  thinkificUrl: 'https://x.thinkific.com/courses/a',
};
// Part 2 is sent first: parts are kept in start order.
const twoParts = [
  { startDate: '2027-04-10T09:00', endDate: '2027-04-11T17:00', format: 'Virtual', location: 'Zoom' },
  { startDate: '2027-03-06T09:00', endDate: '2027-03-08T17:00' },
];
const errorsOf = (input: unknown) => {
  const result = TrainingInputSchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe('a program in parts', () => {
  const parsed = TrainingInputSchema.parse({ ...base, parts: twoParts });

  test('keeps the parts in start order, read on the training zone, and derives the training dates', () => {
    expect(parsed.parts.map((p) => p.startDate)).toEqual(['2027-03-06T17:00:00.000Z', '2027-04-10T16:00:00.000Z']);
    expect(parsed.startDate.toISOString()).toBe('2027-03-06T17:00:00.000Z');
    expect(parsed.endDate.toISOString()).toBe('2027-04-12T00:00:00.000Z');
    expect(parsed.parts[1]).toMatchObject({ label: null, format: 'Virtual', location: 'Zoom', timeZone: null });
  });

  test('replaces dates sent with the parts, and reads a part in its own zone', () => {
    const withDates = TrainingInputSchema.parse({
      ...base,
      startDate: '2020-01-01T00:00:00Z',
      endDate: '2020-01-02T00:00:00Z',
      parts: [{ ...twoParts[1], timeZone: 'America/New_York' }],
    });
    expect(withDates.startDate.toISOString()).toBe('2027-03-06T14:00:00.000Z');
    expect(withDates.endDate.toISOString()).toBe('2027-03-08T22:00:00.000Z');
  });

  test('refuses a part that ends before it starts, at its row, and more than 6 parts', () => {
    const backwards = { startDate: '2027-03-08T09:00', endDate: '2027-03-06T17:00' };
    expect(errorsOf({ ...base, parts: [twoParts[1], backwards] })).toHaveProperty('parts');
    const result = TrainingInputSchema.safeParse({ ...base, parts: [twoParts[1], backwards] });
    expect(result.error!.issues[0]!.path).toEqual(['parts', 1, 'endDate']);
    expect(errorsOf({ ...base, parts: Array(7).fill(twoParts[1]) }).parts).toEqual(['At most 6 parts']);
    expect(errorsOf({ ...base, parts: [{ startDate: 'soon', endDate: '' }] }).parts).toBeDefined();
  });

  test('a schedule day keeps its part when the unlabelled parts change places in start order', () => {
    const days = [
      { day: 'Day 1', time: '9-5', topics: 'Resourcing', part: 'Part 2' },
      { day: 'Day 4', time: '9-5', topics: 'Future template', part: 'Part 1' },
      { day: 'Day 5', time: '9-5', topics: 'Consultation', part: 'Weekend' },
    ];
    const moved = TrainingInputSchema.parse({ ...base, parts: twoParts, schedule: JSON.stringify(days) });
    // The second row entered (March) is Part 1 in start order, the first (April) Part 2.
    expect(JSON.parse(moved.schedule!)).toEqual([
      { ...days[0], part: 'Part 1' },
      { ...days[1], part: 'Part 2' },
      days[2],
    ]);
    const inOrder = [twoParts[1], twoParts[0]];
    const kept = TrainingInputSchema.parse({ ...base, parts: inOrder, schedule: JSON.stringify(days) });
    expect(kept.schedule).toBe(JSON.stringify(days));
    const labelled = twoParts.map((part, i) => ({ ...part, label: i === 0 ? 'Weekend' : 'Intensive' }));
    expect(TrainingInputSchema.parse({ ...base, parts: labelled, schedule: JSON.stringify(days) }).schedule).toBe(
      JSON.stringify(days),
    );
  });

  test('without parts and without availability a training is what it was', () => {
    const plain = TrainingInputSchema.parse({ ...base, startDate: '2027-01-05T09:00', endDate: '2027-01-07T17:00' });
    expect(plain).toMatchObject({ parts: [], availability: 'open', seatsLeft: null, waitlistUrl: null });
    expect(errorsOf({ ...base })).toHaveProperty('startDate');
  });

  test('availability: a known value, a whole number of seats, an https waitlist', () => {
    const dates = { startDate: '2027-01-05T09:00', endDate: '2027-01-07T17:00' };
    expect(errorsOf({ ...base, ...dates, availability: 'full' })).toHaveProperty('availability');
    expect(errorsOf({ ...base, ...dates, seatsLeft: -1 })).toHaveProperty('seatsLeft');
    expect(errorsOf({ ...base, ...dates, seatsLeft: 2.5 })).toHaveProperty('seatsLeft');
    expect(errorsOf({ ...base, ...dates, waitlistUrl: 'http://x.test/w' })).toHaveProperty('waitlistUrl');
    expect(errorsOf({ ...base, ...dates, availability: 'waitlist', waitlistUrl: 'https://x.test/w' })).toEqual({});
  });

  test('each part reads on its own clock and at its own place on the page', () => {
    const row = { ...parsed, timeZone: 'America/Los_Angeles', venue: null };
    const [one, two] = shownParts({ ...row, parts: parsed.parts });
    expect(partLine(one!)).toBe(
      'Part 1 — Sat, Mar 6 – Mon, Mar 8, 2027 · 9:00 AM – 5:00 PM PST · Sacramento, CA · In-Person',
    );
    expect(partLine(two!)).toBe('Part 2 — Sat, Apr 10 – Sun, Apr 11, 2027 · 9:00 AM – 5:00 PM PDT · Zoom · Virtual');
    expect(formatPartWhen('2027-03-06T17:00:00Z', '2027-03-07T01:00:00Z', 'America/Los_Angeles')).toBe(
      'Sat, Mar 6, 2027 · 9:00 AM – 5:00 PM PST',
    );
    expect(formatPartWhen('2027-12-31T17:00:00Z', '2028-01-02T01:00:00Z', 'America/Los_Angeles')).toBe(
      'Fri, Dec 31, 2027 – Sat, Jan 1, 2028 · 9:00 AM – 5:00 PM PST',
    );
  });

  const page = {
    ...parsed,
    ...NO_PROGRAM_FACTS,
    id: '6f1c1d2e-0000-4000-8000-000000000001',
    startDate: parsed.startDate.toISOString(),
    endDate: parsed.endDate.toISOString(),
    venue: null,
    trainer: { name: 'Dr. Ana Ruiz' },
    revision: 1,
    createdAt: '2026-10-01T08:00:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
  };

  test('its calendar file has one event per part, with distinct stable UIDs that ical.js reads', () => {
    const { events } = validCalendar(trainingCalendar(page, 'https://x.test'));
    expect(events.map((e) => e.uid)).toEqual([
      '6f1c1d2e-0000-4000-8000-000000000001-part-1@emdr-training-marketplace',
      '6f1c1d2e-0000-4000-8000-000000000001-part-2@emdr-training-marketplace',
    ]);
    expect(events.map((e) => e.summary)).toEqual(['EMDR Basic Training — Part 1', 'EMDR Basic Training — Part 2']);
    expect(events[1]).toMatchObject({ start: Date.parse('2027-04-10T16:00:00Z'), location: 'Zoom' });
  });

  test('a cancelled training’s events say STATUS:CANCELLED; others are confirmed', () => {
    expect(trainingCalendar({ ...page, availability: 'cancelled' }, 'https://x.test')).toContain(
      '\r\nSTATUS:CANCELLED\r\n',
    );
    expect(trainingCalendar(page, 'https://x.test')).not.toContain('CANCELLED');
  });

  test('its JSON-LD has one subEvent per part, with offsets in the part zone', () => {
    const ld = trainingJsonLd({ ...page, thinkificUrl: base.thinkificUrl, timeZone: 'America/Los_Angeles' }, 'u');
    const subs = ld.subEvent as Record<string, unknown>[];
    expect(subs).toHaveLength(2);
    expect(subs[0]).toMatchObject({
      name: 'EMDR Basic Training — Part 1',
      startDate: '2027-03-06T09:00:00-08:00',
      endDate: '2027-03-08T17:00:00-08:00',
      location: { '@type': 'Place', name: 'Sacramento, CA' },
    });
    expect(subs[1]).toMatchObject({ startDate: '2027-04-10T09:00:00-07:00', location: { '@type': 'VirtualLocation' } });
  });
});

/**
 * What Google's Event rich result requires of an event (name, a start with its offset, a location
 * with an address or a URL) and the recommended properties this site always states.
 */
function googleEventProblems(event: Record<string, any>, where = 'event'): string[] {
  const problems: string[] = [];
  if (!event.name) problems.push(`${where}: no name`);
  for (const key of ['startDate', 'endDate'])
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(event[key] ?? ''))
      problems.push(`${where}: ${key} without an offset`);
  for (const place of [event.location].flat()) {
    if (place?.['@type'] === 'Place' && !place.address?.addressLocality)
      problems.push(`${where}: place without address`);
    else if (place?.['@type'] === 'VirtualLocation' && !place.url) problems.push(`${where}: virtual without url`);
    else if (!['Place', 'VirtualLocation'].includes(place?.['@type'])) problems.push(`${where}: no location`);
  }
  if (!String(event.eventStatus).startsWith('https://schema.org/Event')) problems.push(`${where}: no eventStatus`);
  if (!String(event.eventAttendanceMode).startsWith('https://schema.org/'))
    problems.push(`${where}: no attendance mode`);
  return problems;
}

describe('the JSON-LD of a program in parts, as Google reads events', () => {
  test('the event and each subEvent have what the Event rich result requires', () => {
    const parsed = TrainingInputSchema.parse({ ...base, parts: twoParts, availability: 'sold_out' });
    const ld = trainingJsonLd(
      { ...parsed, startDate: parsed.startDate.toISOString(), endDate: parsed.endDate.toISOString(), trainer: null },
      'https://x.test/training/1',
    );
    expect(googleEventProblems(ld)).toEqual([]);
    expect(ld.offers).toMatchObject({ price: 1500, priceCurrency: 'USD', url: base.thinkificUrl });
    const subs = ld.subEvent as Record<string, unknown>[];
    expect(subs.flatMap((sub, i) => googleEventProblems(sub, `subEvent ${i}`))).toEqual([]);
  });
});

describe('availability in the JSON-LD and the listing', () => {
  const ld = (availability: 'open' | 'few_seats' | 'sold_out' | 'cancelled' | 'postponed') =>
    trainingJsonLd(
      {
        title: 'T',
        description: 'D',
        startDate: '2027-03-06T17:00:00Z',
        endDate: '2027-03-07T01:00:00Z',
        timeZone: 'America/Los_Angeles',
        format: 'In-Person',
        location: 'L',
        venue: null,
        state: 'CA',
        price: 1,
        thinkificUrl: 'https://x.test',
        trainer: null,
        availability,
      },
      'u',
    );

  test('offers.availability and eventStatus follow it', () => {
    expect(ld('open')).toMatchObject({
      offers: { availability: 'https://schema.org/InStock' },
      eventStatus: 'https://schema.org/EventScheduled',
    });
    expect(ld('few_seats')).toMatchObject({ offers: { availability: 'https://schema.org/LimitedAvailability' } });
    expect(ld('sold_out')).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
    expect(ld('cancelled').eventStatus).toBe('https://schema.org/EventCancelled');
    expect(ld('postponed').eventStatus).toBe('https://schema.org/EventPostponed');
    expect(ld('open')).not.toHaveProperty('subEvent');
  });

  test('at the same start, open trainings come before sold-out ones', () => {
    const row = (id: string, title: string, availability: string) => ({
      id,
      title,
      availability,
      isPublished: true,
      startDate: '2027-03-06T17:00:00Z',
      endDate: '2027-03-07T01:00:00Z',
    });
    const listed = publicListing(
      [row('1', 'A', 'sold_out'), row('2', 'B', 'open'), row('3', 'C', 'few_seats')],
      new Date('2027-01-01'),
    );
    expect(listed.map((t) => t.id)).toEqual(['2', '3', '1']);
  });
});
