import { beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { dateRangeWindow } from '../../src/domain/listing/dateRanges';
import { keptListingAnswers, listingBytes, type ListingBytes } from '../../src/services/listingAnswers';
import { listingOutcome, type ListingRefusal } from '../../src/services/publicListing';
import { createTrainer, createTraining } from '../support/fixtures';
import { generateListings } from '../support/generate';
import { resetDatabase } from '../support/reset';

/**
 * docs/security.md, Headers and input: the shared answers of `GET /api/trainings` are keyed by the validated query, so
 * a query string of junk, or the same filters in another order, costs what the plain query costs:
 * the same kept bytes, made once. Counts and date ranges are kept too, and stay right as time passes.
 * (The server's memory under slow readers of junk queries: tests/publishing/slow-clients.test.ts.)
 */
const N = 300;

function listOf(outcome: ListingBytes | { refused: ListingRefusal }): ListingBytes {
  if ('refused' in outcome) throw new Error(`refused: ${outcome.refused.error}`);
  return outcome;
}

function freshList(outcome: Awaited<ReturnType<typeof listingOutcome>>) {
  if ('refused' in outcome) throw new Error(`refused: ${outcome.refused.error}`);
  return outcome.list;
}
const DAY = 86_400_000;
const HOUR = 3_600_000;
let soonStart: number;
let edgeInstants: Date[];

beforeAll(async () => {
  await resetDatabase();
  await generateListings(await getSql(), N);
  // One training starting within the hour: date-range answers change when it starts.
  const trainer = await createTrainer({ name: 'Dr. Soon Starting' });
  const soon = await createTraining(trainer.id, { title: 'Starting soon', startsInDays: 1 / 48, days: 1 });
  soonStart = new Date(soon.startDate).getTime();
  edgeInstants = [new Date(soonStart + HOUR), new Date(soonStart + 13 * HOUR)];
  const [end1, end2] = edgeInstants.map((at) => dateRangeWindow('next-month', at).to.getTime());
  const edge = new Date((end1! + end2!) / 2);
  await createTraining(trainer.id, {
    title: 'Month edge',
    startDate: edge.toISOString(),
    endDate: new Date(edge.getTime() + DAY).toISOString(),
  });
}, 120_000);

const junk = (i: number) => [`x=${i}`, `utm_source=mail${i}`, `_=${Date.now()}${i}`, `STATE=CA&y=${i}`][i % 4]!;

describe('junk parameters and their order', () => {
  test('a hundred junk query strings get the very bytes of the plain list, kept once', async () => {
    const now = new Date();
    const plain = await listingBytes('', now);
    expect(JSON.parse(listOf(plain).body.toString())).toHaveLength(N + 2);
    const before = keptListingAnswers().entries;
    for (let i = 0; i < 100; i++) expect(await listingBytes(junk(i), now)).toBe(plain);
    expect(keptListingAnswers().entries).toBe(before);
  });

  test('the same filters in another order, with empty and unknown parameters, are one kept answer', async () => {
    const now = new Date();
    const first = await listingBytes('state=CA&format=Virtual&page=1&limit=5', now);
    const before = keptListingAnswers().entries;
    for (const query of [
      'format=Virtual&state=CA&page=1&limit=5',
      'limit=5&x=1&page=01&state=CA&format=Virtual',
      'page=1&limit=5&format=Virtual&state=CA&dateRange=&search=',
    ])
      expect(await listingBytes(query, now), query).toBe(first);
    expect(keptListingAnswers().entries).toBe(before);
  });

  test('an unpaged search is one answer whatever its case', async () => {
    const now = new Date();
    const lower = await listingBytes('search=denver', now);
    expect(await listingBytes('search=DENVER&x=1', now)).toBe(lower);
    expect(JSON.parse(listOf(lower).body.toString()).length).toBeGreaterThan(0);
  });
});

describe('counts and date ranges', () => {
  test('counts are kept per filter set', async () => {
    const now = new Date();
    const counts = await listingBytes('page=1&counts=1&state=TX', now);
    expect(listOf(counts).counts).toBeTruthy();
    expect(await listingBytes('state=TX&counts=1&page=1&x=2', now)).toBe(counts);
    expect(await listingBytes('page=1&counts=1&state=NY', now)).not.toBe(counts);
  });

  test('a date-range answer is kept until a training starts, and always equals the answer made afresh', async () => {
    const query = 'dateRange=next-month&counts=1&limit=20';
    const before = new Date(soonStart - 60_000);
    const kept = await listingBytes(query, before);
    expect(await listingBytes(`${query}&x=1`, new Date(soonStart - 30_000))).toBe(kept);
    const titles = (bytes: ListingBytes | { refused: ListingRefusal }) =>
      (JSON.parse(listOf(bytes).body.toString()) as { title: string }[]).map((t) => t.title);
    expect(titles(kept)).toContain('Starting soon');
    // Once it has started, it is no longer in the next month's window: a new answer.
    const after = new Date(soonStart + 1);
    const later = await listingBytes(query, after);
    expect(later).not.toBe(kept);
    expect(titles(later)).not.toContain('Starting soon');
    for (const [at, bytes] of [
      [before, kept],
      [after, later],
    ] as const) {
      const fresh = freshList(await listingOutcome(new URLSearchParams(query), at));
      const { body, ...facts } = listOf(bytes);
      expect(body.toString()).toBe(fresh.body);
      expect(facts).toEqual({ total: fresh.total, paging: fresh.paging, counts: fresh.counts });
    }
  });

  test("the counts are kept until a month window's end passes a start, and then made again", async () => {
    // Both instants fall while "Starting soon" runs: the only difference between them is where each
    // window ends, and "Month edge" starts between the two ends of the next month's window.
    const query = 'counts=1&page=1';
    const countsOf = (list: { counts: unknown }) => (list.counts as { dateRange: Record<string, number> }).dateRange;
    const [first, second] = await Promise.all(edgeInstants.map((at) => listingBytes(query, at)));
    expect(second).not.toBe(first);
    for (const [at, bytes] of [
      [edgeInstants[0], first!],
      [edgeInstants[1], second!],
    ] as const) {
      const fresh = freshList(await listingOutcome(new URLSearchParams(query), at));
      expect(countsOf(listOf(bytes))).toEqual(countsOf(fresh));
    }
    expect(countsOf(listOf(first!))['next-month']).not.toBe(countsOf(listOf(second!))['next-month']);
  });
});

describe('requests in flight', () => {
  test('identical requests made at the same time are answered by one making', async () => {
    const now = new Date();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => listingBytes(`counts=1&state=WA&page=1&x=${i}`, now)),
    );
    for (const answer of answers) expect(answer).toBe(answers[0]);
  });

  test('a query that is not valid is answered 400 and not kept', async () => {
    const before = keptListingAnswers().entries;
    const answer = await listingBytes('state=ZZ&x=1');
    expect(answer).toMatchObject({ refused: { error: 'Invalid filter' } });
    expect(keptListingAnswers().entries).toBe(before);
  });
});
