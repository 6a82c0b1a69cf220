import { beforeEach, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';
import { takeSnapshot } from '../../src/publish';
import { upcomingTrainings } from '../../src/prerender/siteData';

const base = () => process.env.TEST_BASE_URL!;
const get = async (path: string) => {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
};
const titles = (list: { title: string }[]) => list.map((t) => t.title);

describe('GET /api/trainings', () => {
  beforeEach(resetDatabase);

  test('lists only published trainings that have not ended, soonest first, with their trainer', async () => {
    const trainer = await createTrainer({ name: 'Dr. Maria Gonzalez' });
    await createTraining(trainer.id, { title: 'Later', startsInDays: 40 });
    await createTraining(trainer.id, { title: 'Sooner', startsInDays: 5 });
    await createTraining(trainer.id, { title: 'Draft', isPublished: false });
    await createTraining(trainer.id, { title: 'Ended', startsInDays: -10, days: 2 });
    await createTraining(trainer.id, { title: 'Running now', startsInDays: -1, days: 3 });

    const { status, body } = await get('/api/trainings');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Running now', 'Sooner', 'Later']);
    expect(body[1].trainer).toEqual({ name: 'Dr. Maria Gonzalez', photo: null });
    expect(body[1].startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body[1]).toMatchObject({ isEMDRIACertified: false, ceCredits: 0, isPublished: true, format: 'In-Person' });
  });

  test('the built pages and the API list the same trainings in the same order', async () => {
    const trainer = await createTrainer();
    const startDate = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const endDate = new Date(Date.now() + 4 * 86_400_000).toISOString();
    for (const title of ['b same day', 'B same day', 'a same day', 'Émile', 'zeta'])
      await createTraining(trainer.id, { title, startDate, endDate });
    await createTraining(trainer.id, { title: 'Draft', isPublished: false });
    await createTraining(trainer.id, { title: 'Ended', startsInDays: -10, days: 2 });
    const api = titles((await get('/api/trainings')).body);
    expect(api).toEqual(['B same day', 'a same day', 'b same day', 'zeta', 'Émile']);
    expect(titles(upcomingTrainings(await takeSnapshot()))).toEqual(api);
  });

  test('a training leaves the list at the instant it ends, even while the listing is kept in memory', async () => {
    const trainer = await createTrainer();
    const endDate = new Date(Date.now() + 2_500);
    await createTraining(trainer.id, {
      title: 'Ending now',
      startDate: new Date(endDate.getTime() - 3_600_000).toISOString(),
      endDate: endDate.toISOString(),
    });
    expect(titles((await get('/api/trainings')).body)).toEqual(['Ending now']);
    // The end instant passing is the thing under test.
    await new Promise((resolve) => setTimeout(resolve, endDate.getTime() - Date.now() + 50));
    expect((await get('/api/trainings')).body).toEqual([]);
    expect((await get('/api/trainings?page=1&counts=1')).headers.get('x-total-count')).toBe('0');
  });

  test('filters by state and format, and a hybrid training matches the virtual and in-person filters', async () => {
    const trainer = await createTrainer();
    await createTraining(trainer.id, { title: 'CA virtual', state: 'CA', format: 'Virtual' });
    await createTraining(trainer.id, { title: 'CA hybrid', state: 'CA', format: 'Hybrid' });
    await createTraining(trainer.id, { title: 'CA in person', state: 'CA', format: 'In-Person' });
    await createTraining(trainer.id, { title: 'NY virtual', state: 'NY', format: 'Virtual' });

    expect(titles((await get('/api/trainings?state=CA&format=Virtual')).body).sort()).toEqual([
      'CA hybrid',
      'CA virtual',
    ]);
    expect(titles((await get('/api/trainings?state=CA&format=In-Person')).body).sort()).toEqual([
      'CA hybrid',
      'CA in person',
    ]);
    expect(titles((await get('/api/trainings?format=Hybrid')).body)).toEqual(['CA hybrid']);
    expect(titles((await get('/api/trainings?state=NY')).body)).toEqual(['NY virtual']);
  });

  test('a date range keeps trainings starting from now to now plus 1, 3 or 6 months', async () => {
    const trainer = await createTrainer();
    await createTraining(trainer.id, { title: 'In 2 weeks', startsInDays: 14 });
    await createTraining(trainer.id, { title: 'In 2 months', startsInDays: 60 });
    await createTraining(trainer.id, { title: 'In 5 months', startsInDays: 150 });
    await createTraining(trainer.id, { title: 'In 8 months', startsInDays: 240 });

    expect(titles((await get('/api/trainings?dateRange=next-month')).body)).toEqual(['In 2 weeks']);
    expect(titles((await get('/api/trainings?dateRange=next-3-months')).body)).toEqual(['In 2 weeks', 'In 2 months']);
    expect(titles((await get('/api/trainings?dateRange=next-6-months')).body)).toHaveLength(3);
  });

  test('search is case-insensitive over title, description, location, venue and trainer name', async () => {
    const alice = await createTrainer({ name: 'Alice Moreau' });
    const bob = await createTrainer({ name: 'Bob Stone' });
    await createTraining(alice.id, { title: 'Somatic EMDR' });
    await createTraining(bob.id, { title: 'Plain', description: 'Covers DISSOCIATION in depth' });
    await createTraining(bob.id, { title: 'Far away', location: 'Anchorage, AK', state: 'AK' });
    await createTraining(bob.id, { title: 'At the venue', venue: 'Harbor Institute' });

    expect(titles((await get('/api/trainings?search=somatic')).body)).toEqual(['Somatic EMDR']);
    expect(titles((await get('/api/trainings?search=dissociation')).body)).toEqual(['Plain']);
    expect(titles((await get('/api/trainings?search=anchorage')).body)).toEqual(['Far away']);
    expect(titles((await get('/api/trainings?search=harbor')).body)).toEqual(['At the venue']);
    expect(titles((await get('/api/trainings?search=MOREAU')).body)).toEqual(['Somatic EMDR']);
    expect((await get('/api/trainings?search=100%25')).body).toEqual([]);
  });

  test('empty filter values mean unset', async () => {
    const trainer = await createTrainer();
    await createTraining(trainer.id);
    expect((await get('/api/trainings?state=&format=&dateRange=&search=')).body).toHaveLength(1);
  });

  test.each([
    ['state=XX', 'state'],
    ['state=DC', 'state'],
    ['format=Online', 'format'],
    ['dateRange=next-year', 'dateRange'],
    [`search=${'a'.repeat(201)}`, 'search'],
  ])('an invalid filter (%s) is a 400 with a field message', async (query, field) => {
    const { status, body } = await get(`/api/trainings?${query}`);
    expect(status).toBe(400);
    expect(body.fieldErrors[field]).toHaveLength(1);
  });
});

describe('GET /api/trainings, one page at a time', () => {
  beforeEach(resetDatabase);

  async function thirty() {
    const trainer = await createTrainer({ name: 'Dr. Page Turner' });
    let last: Awaited<ReturnType<typeof createTraining>> | undefined;
    for (let i = 1; i <= 30; i++) {
      last = await createTraining(trainer.id, {
        title: `Training ${String(i).padStart(2, '0')}`,
        startsInDays: i,
        price: 100 * i,
        state: i % 3 === 0 ? 'NY' : 'CA',
        format: i % 2 === 0 ? 'Virtual' : 'In-Person',
      });
    }
    // Creation times are compared in milliseconds, and two inserts on a fast database can share one:
    // the last is dated a minute later, so "recently added" has one answer (before any read loads the list).
    const sql = await getSql();
    await sql`update trainings set created_at = created_at + interval '1 minute' where id = ${last!.id}`;
  }

  test('page and limit answer that page, the total in X-Total-Count and the neighbours in Link', async () => {
    await thirty();
    const first = await get('/api/trainings?page=1');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(24);
    expect(first.headers.get('x-total-count')).toBe('30');
    expect(first.headers.get('link')).toBe(
      '</api/trainings?page=1>; rel="first", </api/trainings?page=2>; rel="next", </api/trainings?page=2>; rel="last"',
    );
    const second = await get('/api/trainings?state=CA&limit=5&page=2');
    expect(titles(second.body)).toEqual(['Training 08', 'Training 10', 'Training 11', 'Training 13', 'Training 14']);
    expect(second.headers.get('x-total-count')).toBe('20');
    expect(second.headers.get('x-page')).toBe('2');
    expect(second.headers.get('link')).toContain('</api/trainings?state=CA&limit=5&page=1>; rel="prev"');
    expect(second.headers.get('link')).toContain('</api/trainings?state=CA&limit=5&page=4>; rel="last"');
  });

  test('without page or limit the answer is still the whole array, in the order asked', async () => {
    await thirty();
    const all = await get('/api/trainings');
    expect(all.body).toHaveLength(30);
    expect(all.headers.get('link')).toBeNull();
    const byPrice = await get('/api/trainings?sort=price-desc');
    expect(titles(byPrice.body).slice(0, 2)).toEqual(['Training 30', 'Training 29']);
    expect(titles((await get('/api/trainings?sort=price-asc&limit=2')).body)).toEqual(['Training 01', 'Training 02']);
    expect(titles((await get('/api/trainings?sort=newest&limit=1')).body)).toEqual(['Training 30']);
  });

  test('fields=card answers the card projection only, and counts=1 the counts per filter option', async () => {
    await thirty();
    const { body, headers } = await get('/api/trainings?format=Virtual&page=1&fields=card&counts=1');
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'endDate',
        'format',
        'id',
        'location',
        'price',
        'startDate',
        'timeZone',
        'title',
        'trainer',
        // Program facts, then parts and availability (docs/product.md).
        'programType',
        'ceBodies',
        'totalCost',
        'fullCostDisclosed',
        'availabilityBadge',
        'moreParts',
        // Who can attend (ADR 0045).
        'eligibilityBadges',
        'licenses',
      ].sort(),
    );
    expect(body[0].trainer).toEqual({ name: 'Dr. Page Turner', photo: null });
    expect(JSON.parse(headers.get('x-filter-counts')!)).toMatchObject({
      state: { CA: 10, NY: 5 },
      format: { 'In-Person': 15, Virtual: 15, Hybrid: 0 },
      dateRange: { 'next-month': 15, 'next-3-months': 15, 'next-6-months': 15 },
      available: 15,
    });
  });

  test('a page past the last answers the last page and says so', async () => {
    await thirty();
    const { status, body, headers } = await get('/api/trainings?page=99999');
    expect(status).toBe(200);
    expect(headers.get('x-page')).toBe('2');
    expect(titles(body)).toHaveLength(6);
  });

  test.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=1e3', 'page'],
    ['page=1000000', 'page'],
    ['limit=100000', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['sort=drop', 'sort'],
    ['fields=all', 'fields'],
  ])('a bad paging value (%s) is a 400 with a field message', async (query, field) => {
    const { status, body } = await get(`/api/trainings?${query}`);
    expect(status).toBe(400);
    expect(body.fieldErrors[field]).toHaveLength(1);
  });
});

describe('GET /api/trainings/{id} and /api/trainers/{id}', () => {
  beforeEach(resetDatabase);

  test('a published training is returned, a draft or unknown or malformed id is 404', async () => {
    const trainer = await createTrainer();
    const published = await createTraining(trainer.id, { title: 'Visible' });
    const draft = await createTraining(trainer.id, { isPublished: false });

    const ok = await get(`/api/trainings/${published.id}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: published.id, title: 'Visible', trainerId: trainer.id });
    expect((await get(`/api/trainings/${draft.id}`)).status).toBe(404);
    expect((await get('/api/trainings/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/trainings/not-a-uuid')).status).toBe(404);
    expect((await get("/api/trainings/1'%20or%201=1")).status).toBe(404);
  });

  test('a trainer shows name, bio, website, photo and credentials', async () => {
    const trainer = await createTrainer({
      name: 'Dr. Ann Lee',
      website: 'https://ann.example.com',
      credentials: 'LCSW',
    });
    const { status, body } = await get(`/api/trainers/${trainer.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: trainer.id,
      slug: 'ann-lee',
      name: 'Dr. Ann Lee',
      bio: 'Trains clinicians in EMDR therapy.',
      website: 'https://ann.example.com',
      photo: null,
      credentials: 'LCSW',
      verified: [],
    });
    expect((await get('/api/trainers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/trainers/xyz')).status).toBe(404);
  });
});
