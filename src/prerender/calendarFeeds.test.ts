import { describe, expect, test } from 'vitest';
import type { SiteData, SiteTrainer, SiteTraining } from '../domain/siteData';
import { allFeeds, stateFeed } from '../domain/feeds/feedCatalog';
import { feedTrainings } from '../domain/feeds/feeds';
import { NO_PROGRAM_FACTS } from '../domain/trainingFacts/programFacts';
import { calendarFeed, calendarFeedSlugs } from './calendarFeeds';
import { upcomingTrainings } from './siteData';

const NOW = '2027-01-10T12:00:00.000Z';
const trainer = (id: string, slug: string, name: string) => ({ id, slug, name }) as unknown as SiteTrainer;
const ANN = trainer('a', 'ann-lee', 'Ann Lee');
const BO = trainer('b', 'bo-chen', 'Bo Chen');
const CY = trainer('c', 'cy-diaz', 'Cy Diaz'); // no trainings

/** 40 trainings in two states, none and three formats, by Ann or Bo; some ended or drafts. */
function site(): SiteData {
  const trainings = Array.from({ length: 40 }, (_, n) => {
    const start = Date.UTC(2027, 0, 2 + n, 16);
    const by = n % 2 ? ANN : BO;
    return {
      id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Training ${n}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7 * 3600_000).toISOString(),
      format: ['In-Person', 'Virtual', 'Hybrid'][n % 3]!,
      state: ['CA', 'OR', null][n % 3]!,
      isPublished: n % 9 !== 0,
      createdAt: new Date(Date.UTC(2026, 5, 1) - n * 60_000).toISOString(),
      trainerId: by.id,
      trainer: by,
      ...NO_PROGRAM_FACTS,
    } as unknown as SiteTraining;
  });
  return { generatedAt: NOW, trainings, trainers: [ANN, BO, CY] };
}

describe('calendarFeeds', () => {
  test('every catalog feed and one feed per trainer, listed or not, is published', () => {
    const slugs = calendarFeedSlugs(site());
    expect(slugs).toEqual([...allFeeds().map((f) => f.slug), 'trainer-ann-lee', 'trainer-bo-chen', 'trainer-cy-diaz']);
  });

  test("a catalog feed holds what its rule takes from every listed training, in the listing's order", () => {
    const data = site();
    const listed = upcomingTrainings(data);
    for (const slug of ['all', stateFeed('CA')!.slug, stateFeed('OR')!.slug, 'virtual', 'in-person']) {
      const { feed, pool } = calendarFeed(slug, data)!;
      const now = new Date(NOW);
      expect(feedTrainings(feed, pool, now).map((t) => t.id)).toEqual(
        feedTrainings(feed, listed, now).map((t) => t.id),
      );
    }
    expect(calendarFeed('all', data)!.pool.length).toBe(listed.length);
  });

  test("a trainer's feed holds that trainer's upcoming published trainings only", () => {
    const data = site();
    const ann = calendarFeed('trainer-ann-lee', data)!;
    expect(ann.feed.name).toBe('EMDR Trainings by Ann Lee');
    expect(ann.pool.map((t) => t.id)).toEqual(
      upcomingTrainings(data)
        .filter((t) => t.trainerId === ANN.id)
        .map((t) => t.id),
    );
    expect(ann.pool.length).toBeGreaterThan(0);
    expect(calendarFeed('trainer-cy-diaz', data)!.pool).toEqual([]);
  });

  test('a slug the snapshot has no feed for is none', () => {
    const data = site();
    expect(calendarFeed('trainer-nobody', data)).toBeNull();
    expect(calendarFeed('atlantis', data)).toBeNull();
  });
});
