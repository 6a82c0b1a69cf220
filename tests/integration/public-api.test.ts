import { beforeEach, describe, expect, test } from 'vitest';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';

const base = () => process.env.TEST_BASE_URL!;
const get = async (path: string) => {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, body: (await response.json()) as any };
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
      name: 'Dr. Ann Lee',
      bio: 'Trains clinicians in EMDR therapy.',
      website: 'https://ann.example.com',
      photo: null,
      credentials: 'LCSW',
    });
    expect((await get('/api/trainers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/trainers/xyz')).status).toBe(404);
  });
});
