import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer } from '../support/fixtures';
import { validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import { validCalendar } from '../support/icalendar';

/**
 * Programs in parts and availability (docs/product.md, Parts and Availability) through the real
 * server and database: parts stored in start order with the training's dates derived, listed until
 * the last part ends, one calendar event per part; availability shown, filtered and sorted. Runs on
 * the embedded database and on PostgreSQL (TEST_DB_TARGET).
 */
const base = () => process.env.TEST_BASE_URL!;
const publicGet = async (path: string) => {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
};
const DAY = 86_400_000;
const iso = (days: number, hour = 17) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const twoParts = (trainerId: string, overrides: Record<string, unknown> = {}) => ({
  ...validTraining(trainerId),
  title: 'Basic in two parts',
  format: 'In-Person',
  location: 'Sacramento, CA',
  startDate: undefined,
  endDate: undefined,
  parts: [
    { label: '', startDate: iso(40), endDate: iso(42, 1), format: 'Virtual', location: 'Zoom' },
    { startDate: iso(10), endDate: iso(12, 1), timeZone: 'America/Los_Angeles' },
  ],
  ...overrides,
});

let admin: AdminClient;
let trainerId: string;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
  trainerId = (await createTrainer({ name: 'Dr. Parts' })).id;
});

describe('a program in parts', () => {
  test('a create with no parts and no availability still gets 201 and answers as before, open', async () => {
    const created = await admin.call('POST', '/api/admin/trainings', validTraining(trainerId));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      startDate: '2027-03-01T14:00:00.000Z',
      endDate: '2027-03-02T22:00:00.000Z',
      parts: [],
      availability: 'open',
      seatsLeft: null,
      waitlistUrl: null,
    });
  });

  test('parts are kept in start order and the training runs from the first start to the last end', async () => {
    const created = await admin.call('POST', '/api/admin/trainings', twoParts(trainerId));
    expect(created.status).toBe(201);
    const body = created.body as { startDate: string; endDate: string; parts: Record<string, unknown>[] };
    expect(body.parts).toEqual([
      {
        label: null,
        startDate: iso(10),
        endDate: iso(12, 1),
        timeZone: 'America/Los_Angeles',
        format: null,
        location: null,
        venue: null,
      },
      {
        label: null,
        startDate: iso(40),
        endDate: iso(42, 1),
        timeZone: null,
        format: 'Virtual',
        location: 'Zoom',
        venue: null,
      },
    ]);
    expect([body.startDate, body.endDate]).toEqual([iso(10), iso(42, 1)]);
    // The row reads back the same from the database.
    const read = await publicGet(`/api/trainings/${(created.body as { id: string }).id}`);
    expect(read.body).toMatchObject({ startDate: iso(10), endDate: iso(42, 1), parts: body.parts });
  });

  test('a part ending before its start is refused on its row', async () => {
    const bad = twoParts(trainerId, { parts: [{ startDate: iso(12), endDate: iso(10) }] });
    const answer = await admin.call('POST', '/api/admin/trainings', bad);
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors['parts.0.endDate']).toEqual(['End date must not be before the start date']);
  });

  test('it stays listed between the parts, and the date filter matches the first part', async () => {
    const parts = [
      { startDate: iso(-5), endDate: iso(-3) },
      { startDate: iso(45), endDate: iso(47) },
    ];
    const created = await admin.call('POST', '/api/admin/trainings', twoParts(trainerId, { parts }));
    expect(created.status).toBe(201);
    const listed = await publicGet('/api/trainings');
    expect(listed.body.map((t: { title: string }) => t.title)).toEqual(['Basic in two parts']);
    // Its first part started five days ago: no "next month" start, however soon Part 2 is.
    const nextMonth = await publicGet('/api/trainings?dateRange=next-month');
    expect(nextMonth.body).toEqual([]);
  });

  test('its calendar file has one event per part, with distinct UIDs that ical.js reads', async () => {
    const created = await admin.call('POST', '/api/admin/trainings', twoParts(trainerId));
    const id = (created.body as { id: string }).id;
    const ics = await (await fetch(`${base()}/api/trainings/${id}/calendar`)).text();
    const { events } = validCalendar(ics);
    expect(events.map((e) => e.uid)).toEqual([
      `${id}-part-1@emdr-training-marketplace`,
      `${id}-part-2@emdr-training-marketplace`,
    ]);
    expect(events.map((e) => e.summary)).toEqual(['Basic in two parts — Part 1', 'Basic in two parts — Part 2']);
    expect(events[1]!.location).toBe('Zoom');
  });
});

describe('availability', () => {
  test('sold out: available=1 hides it, with a count; open ones come first at the same start', async () => {
    const same = { startDate: iso(20), endDate: iso(21) };
    const sold = await admin.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      ...same,
      title: 'A sold out',
      availability: 'sold_out',
    });
    expect(sold.status).toBe(201);
    await admin.call('POST', '/api/admin/trainings', { ...validTraining(trainerId), ...same, title: 'B open' });
    await admin.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      ...same,
      title: 'C waitlist',
      availability: 'waitlist',
      waitlistUrl: 'https://x.test/waitlist',
    });
    const all = await publicGet('/api/trainings?counts=1&page=1');
    expect(all.body.map((t: { title: string }) => t.title)).toEqual(['B open', 'C waitlist', 'A sold out']);
    expect(JSON.parse(all.headers.get('x-filter-counts')!).available).toBe(2);
    const available = await publicGet('/api/trainings?available=1&counts=1&page=1');
    expect(available.body.map((t: { title: string }) => t.title)).toEqual(['B open', 'C waitlist']);
    expect(JSON.parse(available.headers.get('x-filter-counts')!).format.Virtual).toBe(2);
    const cards = await publicGet('/api/trainings?fields=card');
    expect(cards.body.map((c: { availabilityBadge: string | null }) => c.availabilityBadge)).toEqual([
      null,
      'Waitlist open',
      'Sold out',
    ]);
    expect((await publicGet('/api/trainings?available=yes')).status).toBe(400);
  });

  test('bad values are refused with field errors', async () => {
    const answer = await admin.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      availability: 'full',
      seatsLeft: -2,
      waitlistUrl: 'http://x.test',
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fieldErrors).sort()).toEqual(['availability', 'seatsLeft', 'waitlistUrl']);
  });

  test('marking a training sold out and open again is an update with If-Match, kept in the history', async () => {
    const created = await admin.call('POST', '/api/admin/trainings', validTraining(trainerId));
    const id = (created.body as { id: string }).id;
    const stale = await admin.call(
      'PATCH',
      `/api/admin/trainings/${id}`,
      { availability: 'sold_out' },
      {
        'if-match': '"stale"',
      },
    );
    expect(stale.status).toBe(412);
    const sold = await admin.call(
      'PATCH',
      `/api/admin/trainings/${id}`,
      { availability: 'sold_out' },
      {
        'if-match': created.headers.get('etag')!,
      },
    );
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ availability: 'sold_out', title: 'Admin Created', ceCredits: 12 });
    const open = await admin.call(
      'PATCH',
      `/api/admin/trainings/${id}`,
      { availability: 'open' },
      {
        'if-match': sold.headers.get('etag')!,
      },
    );
    expect(open.body.availability).toBe('open');
    const history = await admin.call('GET', `/api/admin/changes?entityType=training&entityId=${id}`);
    expect(JSON.stringify(history.body)).toContain('sold_out');
  });
});
