import { describe, expect, test } from 'vitest';
import { listingEntry, queryListing } from './listingQuery';
import { EMPTY_FILTERS, type TrainingFilters } from './filterQuery';
import { PAGE_SIZE, type ListingView } from './listingView';
import { NO_PROGRAM_FACTS } from '../trainingFacts/programFacts';
import { NO_ELIGIBILITY, type Eligibility } from '../trainingFacts/eligibility';

/** The "I am a …" and "I can take now" filters over the in-memory listing (ADR 0045). */
const now = new Date('2026-11-22T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * 86_400_000);

const training = (startsInDays: number, facts: Partial<Eligibility> = {}, price = 500) =>
  listingEntry(
    {
      state: 'CA',
      format: 'In-Person',
      startDate: at(startsInDays),
      endDate: at(startsInDays + 1),
      price,
      createdAt: at(-30),
      ...NO_PROGRAM_FACTS,
      refundPolicy: null,
      ...NO_ELIGIBILITY,
      ...facts,
    },
    '',
  );
const view = (filters: Partial<TrainingFilters>, rest: Partial<ListingView> = {}): ListingView => ({
  filters: { ...EMPTY_FILTERS, ...filters },
  sort: 'soonest',
  page: 1,
  limit: PAGE_SIZE,
  ...rest,
});

// Soonest first: the one that states nothing starts first, so "after" is the filter's doing.
const unstated = training(1);
const forCounselors = training(2, { eligibleLicenses: ['counselor', 'social_worker'] });
const psychologistsOnly = training(3, { eligibleLicenses: ['psychologist'] });
const takesStudents = training(4, { eligibleLicenses: ['psychologist'], students: { allowed: true, proof: null } });
const noStudents = training(5, { students: { allowed: false, proof: null } });
const list = [unstated, forCounselors, psychologistsOnly, takesStudents, noStudents];

describe('"I am a …" (license)', () => {
  test('a counselor sees the training for counselors, then the one with no statement, and not one for psychologists only', () => {
    const result = queryListing(list, view({ license: 'counselor' }), now);
    expect(result.indices).toEqual([1, 0, 4]);
    expect(result.notStated).toEqual([false, true, true]);
    expect(result.total).toBe(3);
  });

  test('a student sees the trainings that take students, then those that state nothing about who attends', () => {
    const result = queryListing(list, view({ license: 'student' }), now);
    // Named license types without students, or students refused: not for a student.
    expect(result.indices).toEqual([3, 0]);
    expect(result.notStated).toEqual([false, true]);
  });

  test('without the filter every training is listed in the usual order, none marked', () => {
    const result = queryListing(list, view({}), now);
    expect(result.indices).toEqual([0, 1, 2, 3, 4]);
    expect(result.notStated).toBeNull();
  });

  test('the unstated ones come after the others in any order, and on the later pages', () => {
    const priced = [training(1, {}, 100), training(2, { eligibleLicenses: ['mft'] }, 900), training(3, {}, 50)];
    const cheapest = queryListing(priced, view({ license: 'mft' }, { sort: 'price-asc' }), now);
    expect(cheapest.indices).toEqual([1, 2, 0]);
    const pageTwo = queryListing(priced, view({ license: 'mft' }, { limit: 1, page: 2 }), now);
    expect(pageTwo.indices).toEqual([0]);
    expect(pageTwo.notStated).toEqual([true]);
  });

  test('each choice counts what it would keep, those that state nothing included, given the other filters', () => {
    const { counts } = queryListing(list, view({ prereq: 'none' }), now);
    expect(counts.license).toMatchObject({ counselor: 3, social_worker: 3, psychologist: 4, mft: 2, student: 2 });
    // The license filter narrows the other counts.
    const narrowed = queryListing(list, view({ license: 'mft' }), now).counts;
    expect(narrowed.state).toEqual({ CA: 2 });
  });
});

describe('"Show only trainings I can take now" (prereq=none)', () => {
  const advanced = training(1, { prerequisite: 'emdr_basic' });
  const forCertified = training(2, { prerequisite: 'emdria_certified' });
  const basic = training(3, { prerequisite: 'none' });
  const other = training(4, { prerequisite: 'other', prerequisiteText: 'A trauma course' });
  const notStated = training(5);
  const trainings = [advanced, forCertified, basic, other, notStated];

  test('hides the trainings that need a completed Basic Training or EMDRIA certification', () => {
    const result = queryListing(trainings, view({ prereq: 'none' }), now);
    expect(result.indices).toEqual([2, 3, 4]);
    expect(queryListing(trainings, view({}), now).counts.prereq).toBe(3);
  });

  test('its count follows the other filters, and it narrows theirs', () => {
    const withLicense = [...trainings, training(6, { eligibleLicenses: ['psychologist'] })];
    expect(queryListing(withLicense, view({ license: 'counselor' }), now).counts.prereq).toBe(3);
    expect(queryListing(withLicense, view({ prereq: 'none' }), now).counts.state).toEqual({ CA: 4 });
  });
});
