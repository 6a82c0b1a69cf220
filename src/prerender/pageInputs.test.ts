import { describe, expect, test } from 'vitest';
import { NO_PROGRAM_FACTS } from '../domain/trainingFacts/programFacts';
import { OPEN } from '../domain/parts/availability';
import { NO_POSITION } from '../domain/nearMe/nearby';
import { NO_ELIGIBILITY } from '../domain/trainingFacts/eligibility';
import type { SiteData, SiteTrainer, SiteTraining } from '../domain/siteData';
import { pageInputDigests, pageInputDigestsInTurns, touchedPages } from './pageInputs';

const NOW = '2027-01-10T12:00:00.000Z';

const trainer = (id: string, name = `Trainer ${id}`): SiteTrainer => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  slug: `trainer-${id}`,
  name,
  bio: 'Bio.',
  credentials: null,
  photo: null,
  website: null,
  thinkificAffiliateUrl: null,
  statesServed: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const T1 = trainer('01');
const T2 = trainer('02');

const day = (n: number, hour: number) => new Date(Date.UTC(2027, 2, n, hour)).toISOString();

function training(n: number, extra: Partial<SiteTraining> = {}): SiteTraining {
  return {
    id: `10000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    trainerId: T1.id,
    title: `Training ${n}`,
    description: 'Eight phases.',
    price: 100 * n,
    ceCredits: 10,
    startDate: day(n, 16),
    endDate: day(n, 23),
    timeZone: 'America/Los_Angeles',
    location: 'Somewhere',
    venue: null,
    format: 'In-Person',
    state: 'CA',
    thinkificUrl: 'https://example.thinkific.com/c',
    refundPolicy: null,
    schedule: null,
    isPublished: true,
    isEMDRIACertified: true,
    ...NO_PROGRAM_FACTS,
    ...OPEN,
    ...NO_POSITION,
    ...NO_ELIGIBILITY,
    parts: [],
    ceApprovals: [],
    revision: 0,
    // Training 1 is the newest listing, training 60 the oldest.
    createdAt: new Date(Date.UTC(2026, 5, 1) - n * 60_000).toISOString(),
    updatedAt: '2026-06-01T00:00:00.000Z',
    trainer: T1,
    ...extra,
  };
}

/**
 * Sixty trainings, one a day from March 1st: odd ones in California, even ones in Oregon (thirty
 * each, more than a page of 24); numbers 1 and 2, 5 and 6… In-Person, the others Virtual.
 */
function site(change: (list: SiteTraining[]) => SiteTraining[] = (list) => list): SiteData {
  const list = Array.from({ length: 60 }, (_, i) =>
    training(i + 1, { state: i % 2 ? 'OR' : 'CA', format: Math.floor(i / 2) % 2 ? 'Virtual' : 'In-Person' }),
  );
  return { generatedAt: NOW, trainings: change(list) };
}

const edit = (n: number, fields: Partial<SiteTraining>) => (list: SiteTraining[]) =>
  list.map((t, i) => (i === n - 1 ? { ...t, ...fields } : t));

function touched(change: (list: SiteTraining[]) => SiteTraining[]) {
  return touchedPages(pageInputDigests(site()), pageInputDigests(site(change)));
}

const id = (n: number) => training(n).id;

/** A trainer's page, embed page and two feeds. */
const trainerFiles = (slug: string) => [
  `/trainers/${slug}`,
  `/embed/trainers/${slug}`,
  `/feeds/trainer-${slug}.ics`,
  `/feeds/trainer-${slug}.xml`,
];

describe('which pages a change touches', () => {
  test('the same data touches nothing', () => {
    expect(touched((list) => list)).toEqual({ render: [], remove: [] });
  });

  test("a new title late in the list touches the training's page, the sitemap and the feeds it is in", () => {
    // Training 60: Oregon, Virtual, past the first page of the home and of Oregon's page, the oldest listing.
    const { render, remove } = touched(edit(60, { title: 'Renamed', updatedAt: '2026-07-01T00:00:00.000Z' }));
    expect(render.sort()).toEqual(
      [
        `/training/${id(60)}`,
        '/sitemap.xml',
        '/feeds/all.ics',
        '/feeds/oregon.ics',
        '/feeds/virtual.ics',
        // Its trainer's page, embed page and feeds show it too.
        ...trainerFiles('trainer-01'),
      ].sort(),
    );
    expect(remove).toEqual([]);
  });

  test("a new title early in the list also touches the home page and its state's page", () => {
    const { render } = touched(edit(1, { title: 'Renamed' }));
    expect(render).toEqual(
      expect.arrayContaining(['/', '/trainings/california', `/training/${id(1)}`, '/feeds/new.xml']),
    );
    expect(render).not.toContain('/trainings/oregon');
  });

  test("a trainer's new name touches each of that trainer's training pages and no other", () => {
    // Trainings 1 to 3 are T1's, the rest T2's; T1 is renamed.
    const byTrainer = (first: SiteTrainer) => (list: SiteTraining[]) =>
      list.map((t, i) => (i < 3 ? { ...t, trainer: first } : { ...t, trainerId: T2.id, trainer: T2 }));
    const { render } = touchedPages(
      pageInputDigests(site(byTrainer(T1))),
      pageInputDigests(site(byTrainer({ ...T1, name: 'Dr. Renamed' }))),
    );
    const trainingPages = render.filter((p) => p.startsWith('/training/'));
    expect(trainingPages.sort()).toEqual([id(1), id(2), id(3)].map((x) => `/training/${x}`).sort());
  });

  test('moving a training to another state touches both state pages, and every state page for the counts', () => {
    const { render } = touched(edit(60, { state: 'TX' }));
    expect(render).toEqual(
      expect.arrayContaining([
        '/trainings/oregon',
        '/trainings/texas',
        '/trainings/california',
        '/feeds/oregon.ics',
        '/feeds/texas.ics',
      ]),
    );
  });

  test("a new approval statement alone touches the training's page and its feeds, not the cards", () => {
    const apa = { body: 'APA' as const, boardName: null, providerNumber: '1', hours: 50, statement: 'Approved.' };
    const before = pageInputDigests(site(edit(1, { ceApprovals: [apa] })));
    const after = pageInputDigests(site(edit(1, { ceApprovals: [{ ...apa, statement: 'Approved.  Really.' }] })));
    const { render } = touchedPages(before, after);
    expect(render).toContain(`/training/${id(1)}`);
    expect(render).toEqual(expect.arrayContaining(['/feeds/all.ics', '/feeds/california.ics']));
    // The cards show the bodies, not the statements: the listing pages stay.
    expect(render).not.toContain('/');
    expect(render).not.toContain('/trainings/california');
  });

  test("a fact a card shows (a new approving body, the consultation) touches the card's listing pages too", () => {
    const apa = { body: 'APA' as const, boardName: null, providerNumber: null, hours: 50, statement: null };
    for (const fields of [
      { ceApprovals: [apa] },
      { consultation: { hours: 10, included: false, costMin: 600, costMax: 900 } },
      { programType: 'basic' as const },
    ]) {
      const { render } = touched(edit(1, fields));
      expect(render).toEqual(expect.arrayContaining([`/training/${id(1)}`, '/', '/trainings/california']));
    }
  });

  test("a new availability or new parts touch the training's page, its card's listing pages and its feeds", () => {
    const parts = [
      {
        label: null,
        startDate: day(1, 16),
        endDate: day(1, 23),
        timeZone: null,
        format: null,
        location: null,
        venue: null,
      },
      {
        label: null,
        startDate: day(20, 16),
        endDate: day(20, 23),
        timeZone: null,
        format: null,
        location: null,
        venue: null,
      },
    ];
    for (const fields of [
      { availability: 'sold_out' as const },
      { availability: 'few_seats' as const, seatsLeft: 4 },
      { parts, endDate: day(20, 23) },
      // A label shows on the page and in the feeds' events only.
      { parts: [{ ...parts[0]!, label: 'Weekend one' }] },
    ]) {
      const { render } = touched(edit(1, fields));
      expect(render).toEqual(
        expect.arrayContaining([
          `/training/${id(1)}`,
          '/feeds/all.ics',
          '/feeds/california.ics',
          '/feeds/in-person.ics',
        ]),
      );
      // A card shows the parts' count and the first part's days: a label alone leaves it.
      if ((fields as { parts?: unknown[] }).parts?.length !== 1)
        expect(render).toEqual(expect.arrayContaining(['/', '/trainings/california']));
    }
  });

  test('unpublishing the last training of a state removes its page and its training page', () => {
    const withWyoming = pageInputDigests(site((list) => [...list, training(61, { state: 'WY' })]));
    const { render, remove } = touchedPages(withWyoming, pageInputDigests(site()));
    expect(remove.sort()).toEqual([`/training/${id(61)}`, '/trainings/wyoming'].sort());
    // Every state page shows how many trainings each state has.
    expect(render).toEqual(expect.arrayContaining(['/feeds/wyoming.ics', '/sitemap.xml', '/trainings/oregon']));
  });

  test('a training that ended since the last publish leaves the listing pages it was on', () => {
    const later = { ...site(), generatedAt: '2027-03-01T23:30:00.000Z' };
    const { render, remove } = touchedPages(pageInputDigests(site()), pageInputDigests(later));
    // Training 1 ended at 23:00 on March 1st: it keeps its page but leaves the home, its state and its feeds.
    expect(remove).toEqual([]);
    expect(render).toEqual(expect.arrayContaining(['/', '/trainings/california', '/feeds/all.ics', '/sitemap.xml']));
    expect(render).not.toContain(`/training/${id(1)}`);
  });

  test('a new year touches every HTML page (the footer says it)', () => {
    const nextYear = { ...site(), generatedAt: '2028-01-02T00:00:00.000Z' };
    const after = pageInputDigests(nextYear);
    const { render } = touchedPages(pageInputDigests(site()), after);
    const htmlPages = [...after.keys()].filter((p) => !/\.(xml|ics|txt|json)$/.test(p));
    expect(render).toEqual(expect.arrayContaining(htmlPages));
    expect(htmlPages.length).toBeGreaterThan(60);
  });

  test('the Terms page follows the publish date; a later publish on the same day leaves it', () => {
    const sameDay = { ...site(), generatedAt: '2027-01-10T18:00:00.000Z' };
    const nextDay = { ...site(), generatedAt: '2027-01-11T18:00:00.000Z' };
    expect(touchedPages(pageInputDigests(site()), pageInputDigests(sameDay)).render).not.toContain('/terms');
    expect(touchedPages(pageInputDigests(site()), pageInputDigests(nextDay)).render).toContain('/terms');
  });

  test('/map follows the count of each state: a move to another state touches it, a new title does not', () => {
    expect([...pageInputDigests(site()).keys()]).toContain('/map');
    expect(touched(edit(60, { state: 'TX' })).render).toContain('/map');
    expect(touched(edit(1, { title: 'Renamed' })).render).not.toContain('/map');
    expect(touched((list) => [...list, training(61, { state: 'CA' })]).render).toContain('/map');
  });

  test('every page of the site has a digest: the data-free ones, the listing pages, the feeds', () => {
    const pages = [...pageInputDigests(site()).keys()];
    expect(pages).toEqual(
      expect.arrayContaining([
        '/',
        '/404',
        '/partner',
        '/terms',
        '/privacy',
        '/refund-policy',
        '/how-it-works',
        '/robots.txt',
      ]),
    );
    expect(pages).toEqual(expect.arrayContaining(['/training-not-found', '/sitemap.xml', '/feeds/new.xml']));
    expect(pages.filter((p) => p.startsWith('/training/'))).toHaveLength(60);
    expect(pages.filter((p) => p.startsWith('/trainings/')).sort()).toEqual([
      '/trainings/california',
      '/trainings/oregon',
    ]);
  });
});

describe('which trainer pages a change touches (docs/product.md, Trainer pages)', () => {
  /** Trainings 1 to 3 are T2's, the rest T1's; every trainer of `trainers` has a page. */
  const twoTrainers =
    (second = T2) =>
    (list: SiteTraining[]) =>
      list.map((t, i) => (i < 3 ? { ...t, trainerId: second.id, trainer: second } : t));
  const withTrainers = (data: SiteData, trainers: SiteTrainer[]): SiteData => ({ ...data, trainers });

  test("a change to one training touches its trainer's four files, not the other trainer's", () => {
    const before = pageInputDigests(withTrainers(site(twoTrainers()), [T1, T2]));
    const after = pageInputDigests(
      withTrainers(
        site((l) => edit(2, { title: 'Renamed' })(twoTrainers()(l))),
        [T1, T2],
      ),
    );
    const { render } = touchedPages(before, after);
    expect(render).toEqual(expect.arrayContaining(trainerFiles('trainer-02')));
    expect(render.filter((p) => p.includes('trainer-01'))).toEqual([]);
  });

  test("a trainer's new bio touches their page and feeds only, not a training page or the index", () => {
    const before = pageInputDigests(withTrainers(site(twoTrainers()), [T1, T2]));
    const after = pageInputDigests(withTrainers(site(twoTrainers()), [T1, { ...T2, bio: 'New bio.' }]));
    expect(touchedPages(before, after).render.sort()).toEqual(trainerFiles('trainer-02').sort());
  });

  test('unpublishing the last training of a trainer touches their page and the index; the page stays', () => {
    const before = pageInputDigests(withTrainers(site(twoTrainers()), [T1, T2]));
    const after = pageInputDigests(
      withTrainers(
        site((l) => twoTrainers()(l).slice(3)),
        [T1, T2],
      ),
    );
    const { render, remove } = touchedPages(before, after);
    expect(render).toEqual(expect.arrayContaining([...trainerFiles('trainer-02'), '/trainers', '/sitemap.xml']));
    expect(remove.filter((p) => p.includes('trainer'))).toEqual([]);
  });

  test("a trainer without trainings has pages and feeds; a deleted trainer's are removed", () => {
    const T3 = trainer('03');
    const before = pageInputDigests(withTrainers(site(), [T1, T3]));
    expect([...before.keys()]).toEqual(expect.arrayContaining(trainerFiles('trainer-03')));
    const { remove } = touchedPages(before, pageInputDigests(withTrainers(site(), [T1])));
    expect(remove.sort()).toEqual(trainerFiles('trainer-03').sort());
  });

  test('a new slug moves the four files and changes the map of old slugs', () => {
    const moved = { ...T1, slug: 'new-slug' };
    const before = pageInputDigests(withTrainers(site(), [T1]));
    const after = pageInputDigests({
      ...withTrainers(
        site((l) => l.map((t) => ({ ...t, trainer: moved }))),
        [moved],
      ),
      trainerRedirects: [{ from: 'trainer-01', to: 'new-slug' }],
    });
    const { render, remove } = touchedPages(before, after);
    expect(remove.sort()).toEqual(trainerFiles('trainer-01').sort());
    expect(render).toEqual(expect.arrayContaining([...trainerFiles('new-slug'), '/trainers/moved.json', '/trainers']));
  });
});

describe('digests made in turns, as a publish on a running server makes them', () => {
  test('give every page the same digest as made at once, in the same order', async () => {
    const data = { ...site(), trainers: [T1, T2] };
    const atOnce = pageInputDigests(data);
    const inTurns = await pageInputDigestsInTurns({ ...site(), trainers: [T1, T2] });
    expect([...inTurns]).toEqual([...atOnce]);
    expect(inTurns.size).toBeGreaterThan(60);
  });
});
