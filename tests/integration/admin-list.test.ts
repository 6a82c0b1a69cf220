import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';
import { generateListings } from '../support/generate';

/** The admin tables' server side: search, filters, sort and pages of 50 over the admin list API. */
let admin: AdminClient;
let needle: { id: string; title: string };

beforeAll(async () => {
  await resetDatabase();
  admin = await adminClient();
  const sql = await getSql();
  await generateListings(sql, 120);
  await sql`update trainings set price = price + 100`;
  const trainer = await createTrainer({ name: 'Dr. Needle Finder', credentials: 'LMFT', statesServed: ['VT'] });
  const needleRow = await createTraining(trainer.id, {
    title: 'Haystack 100% Intensive',
    price: 5,
    location: 'Burlington, VT',
    format: 'Hybrid',
    isPublished: false,
  });
  needle = { id: needleRow.id, title: needleRow.title };
  await createTraining(trainer.id, { title: 'Long Past Workshop', startsInDays: -30, price: 99_999 });
});

const titles = (body: { title: string }[]) => body.map((t) => t.title);

describe('GET /api/admin/trainings', () => {
  test('without list parameters it answers the whole list as before', async () => {
    const { status, body, headers } = await admin.call('GET', '/api/admin/trainings');
    expect(status).toBe(200);
    expect(body).toHaveLength(122);
    expect(headers.get('x-total-count')).toBeNull();
  });

  test('a page holds 50 rows and the headers tell the total, the page and its size', async () => {
    const first = await admin.call('GET', '/api/admin/trainings?page=1');
    expect(first.body).toHaveLength(50);
    expect(first.headers.get('x-total-count')).toBe('122');
    expect(first.headers.get('x-page')).toBe('1');
    expect(first.headers.get('x-page-size')).toBe('50');
    const last = await admin.call('GET', '/api/admin/trainings?page=3');
    expect(last.body).toHaveLength(22);
    const ids = new Set([...first.body, ...last.body].map((t: { id: string }) => t.id));
    expect(ids.size).toBe(72);
  });

  test('the search matches title, trainer name or location, and % is a literal character', async () => {
    for (const search of ['haystack 100%', 'needle finder', 'burlington']) {
      const { body, headers } = await admin.call('GET', `/api/admin/trainings?search=${encodeURIComponent(search)}`);
      expect(titles(body)).toContain(needle.title);
      if (search !== 'needle finder') expect(headers.get('x-total-count')).toBe('1');
    }
    const { body } = await admin.call('GET', '/api/admin/trainings?search=100%25%25');
    expect(body).toEqual([]);
  });

  test('sorting by price finds the cheapest and the dearest first', async () => {
    const cheap = await admin.call('GET', '/api/admin/trainings?sort=price');
    expect(cheap.body[0].title).toBe(needle.title);
    const dear = await admin.call('GET', '/api/admin/trainings?sort=-price');
    expect(dear.body[0].title).toBe('Long Past Workshop');
    const byTitle = await admin.call('GET', '/api/admin/trainings?sort=title');
    const sorted = [...titles(byTitle.body)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(titles(byTitle.body)[0]).toBe(sorted[0]);
  });

  test('status filters: drafts to come, published to come, and ended', async () => {
    const drafts = await admin.call('GET', '/api/admin/trainings?status=draft');
    expect(titles(drafts.body)).toEqual([needle.title]);
    const ended = await admin.call('GET', '/api/admin/trainings?status=ended');
    expect(titles(ended.body)).toEqual(['Long Past Workshop']);
    const published = await admin.call('GET', '/api/admin/trainings?status=published');
    expect(published.headers.get('x-total-count')).toBe('120');
    const hybrid = await admin.call('GET', '/api/admin/trainings?format=Hybrid&status=draft');
    expect(titles(hybrid.body)).toEqual([needle.title]);
  });

  test('an invalid list query is a 400 with the field named, never a 500', async () => {
    const { status, body } = await admin.call('GET', '/api/admin/trainings?sort=description&page=0');
    expect(status).toBe(400);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['page', 'sort']);
  });
});

describe('GET /api/admin/trainers', () => {
  test('trainers are searched by name, credentials or state, sorted by name, in pages of 50', async () => {
    const whole = await admin.call('GET', '/api/admin/trainers');
    expect(whole.body).toHaveLength(13);
    const found = await admin.call('GET', '/api/admin/trainers?search=lmft');
    expect(found.body.map((t: { name: string }) => t.name)).toEqual(['Dr. Needle Finder']);
    const desc = await admin.call('GET', '/api/admin/trainers?sort=-name&page=1');
    expect(desc.headers.get('x-total-count')).toBe('13');
    const names = desc.body.map((t: { name: string }) => t.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  test('unauthenticated list requests are refused', async () => {
    const response = await fetch(`${process.env.TEST_BASE_URL}/api/admin/trainers?page=1`);
    expect(response.status).toBe(401);
  });
});
