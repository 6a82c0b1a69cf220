import { describe, expect, test } from 'vitest';
import { allFeeds, feedForFilters, feedUrls, formatFeed, stateFeed } from './feedCatalog';
import { feedCalendar, feedTrainings, type FeedTraining } from './feeds';
import { validCalendar } from '#tests/support/icalendar';
import { NO_PROGRAM_FACTS } from '../trainingFacts/programFacts';

const now = new Date('2027-01-01T00:00:00Z');
const base = {
  description: 'Eight phases.',
  location: 'Somewhere',
  venue: null,
  thinkificUrl: 'https://example.thinkific.com/c',
  revision: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  trainer: { name: 'Dr. Feed' },
  startDate: '2027-02-01T15:00:00Z',
  endDate: '2027-02-02T23:00:00Z',
  ...NO_PROGRAM_FACTS,
  price: 900,
  refundPolicy: null,
};
const t = (id: string, format: string, state: string | null, extra: Partial<FeedTraining> = {}): FeedTraining => ({
  ...base,
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title: `Training ${id}`,
  format,
  state,
  ...extra,
});
const trainings = [
  t('1', 'In-Person', 'CA'),
  t('2', 'Virtual', 'CA'),
  t('3', 'Hybrid', 'NY'),
  t('4', 'Virtual', null),
  t('5', 'In-Person', 'NY', { startDate: '2026-12-01T00:00:00Z', endDate: '2026-12-02T00:00:00Z' }),
];
const titles = (slug: string) =>
  feedTrainings(
    allFeeds().find((f) => f.slug === slug)!,
    trainings,
    now,
  ).map((x) => x.title);

describe('the calendar feeds', () => {
  test('there is one for all trainings, one per state (full name slug) and one per format', () => {
    const slugs = allFeeds().map((f) => f.slug);
    expect(slugs).toHaveLength(1 + 50 + 3);
    expect(slugs).toEqual(expect.arrayContaining(['all', 'california', 'new-york', 'in-person', 'virtual', 'hybrid']));
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  test('a hybrid training is in the in-person, the virtual and the hybrid feed', () => {
    expect(titles('in-person')).toEqual(['Training 1', 'Training 3']);
    expect(titles('virtual')).toEqual(['Training 2', 'Training 3', 'Training 4']);
    expect(titles('hybrid')).toEqual(['Training 3']);
  });

  test('a state feed holds that state’s trainings; a training that has ended is in no feed', () => {
    expect(titles('california')).toEqual(['Training 1', 'Training 2']);
    expect(titles('new-york')).toEqual(['Training 3']);
    expect(titles('all')).not.toContain('Training 5');
    expect(titles('texas')).toEqual([]);
  });

  test('every feed is a valid calendar named after it', () => {
    for (const feed of allFeeds()) {
      const parsed = validCalendar(new TextDecoder().decode(feedCalendar(feed, trainings, 'https://x.test', now)));
      expect(parsed.name).toBe(feed.name);
      expect(parsed.events.length).toBe(feedTrainings(feed, trainings, now).length);
    }
  });

  test('the control offers the state feed first, then the format feed, else all', () => {
    expect(feedForFilters({ state: 'CA', format: 'Virtual' }).slug).toBe('california');
    expect(feedForFilters({ state: '', format: 'Virtual' }).slug).toBe('virtual');
    expect(feedForFilters({ state: 'ZZ', format: '' }).slug).toBe('all');
    expect(stateFeed('NC')!.slug).toBe('north-carolina');
    expect(formatFeed('Other')).toBeUndefined();
  });

  test('a feed has an https address and a webcal twin', () => {
    expect(feedUrls(stateFeed('CA')!, 'https://emdr.example')).toEqual({
      https: 'https://emdr.example/feeds/california.ics',
      webcal: 'webcal://emdr.example/feeds/california.ics',
    });
  });

  test("a feed's events carry the CE approvals and the cost, and parse", () => {
    const facts: Partial<FeedTraining> = {
      ceApprovals: [{ body: 'NBCC', boardName: null, providerNumber: '6759', hours: 50, statement: null }],
      consultation: { hours: 10, included: true, costMin: null, costMax: null },
    };
    const feed = allFeeds().find((f) => f.slug === 'all')!;
    const text = new TextDecoder().decode(feedCalendar(feed, [t('6', 'Virtual', 'CA', facts)], 'https://x.test', now));
    const [event] = validCalendar(text).events;
    expect(event!.description).toContain(
      'CE: NBCC (National Board for Certified Counselors): 50 CE hours, provider 6759',
    );
    expect(event!.description).toContain('Consultation: 10 hours included\nTotal cost: $900');
  });
});
