import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer } from '../support/fixtures';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';

/** A body exactly as docs/product.md lists it: no timeZone. */
const body = (trainerId: string) => ({
  trainerId,
  title: 'Zoned Training',
  description: 'Desc',
  price: 900,
  startDate: '2027-03-06T17:00:00.000Z',
  endDate: '2027-03-07T01:00:00.000Z',
  location: 'Los Angeles, CA',
  venue: '',
  format: 'Hybrid',
  state: 'CA',
  isEMDRIACertified: true,
  ceCredits: 8,
  schedule: '',
  refundPolicy: '',
  thinkificUrl: 'https://x.thinkific.com/c',
  isPublished: true,
});

let admin: AdminClient;
let trainerId: string;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
  trainerId = (await createTrainer()).id;
});

describe("a training's time zone through the API", () => {
  test('a create without a zone gets its state’s zone, returned by the admin and public reads', async () => {
    const created = await admin.call('POST', '/api/admin/trainings', body(trainerId));
    expect(created.status).toBe(201);
    expect(created.body.timeZone).toBe('America/Los_Angeles');
    const noState = await admin.call('POST', '/api/admin/trainings', { ...body(trainerId), state: '' });
    expect(noState.body.timeZone).toBe('America/New_York');
    const read = await fetch(`${process.env.TEST_BASE_URL}/api/trainings/${created.body.id}`);
    expect(await read.json()).toMatchObject({ timeZone: 'America/Los_Angeles', startDate: '2027-03-06T17:00:00.000Z' });
  });

  test('dates without an offset are read on the clock of the chosen zone', async () => {
    const created = await admin.call('POST', '/api/admin/trainings', {
      ...body(trainerId),
      state: 'FL',
      timeZone: 'America/Chicago',
      startDate: '2027-11-06T09:00',
      endDate: '2027-11-08T17:00',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      timeZone: 'America/Chicago',
      startDate: '2027-11-06T14:00:00.000Z',
      endDate: '2027-11-08T23:00:00.000Z',
    });
  });

  test('an unknown zone is a 400 on the field', async () => {
    const bad = await admin.call('POST', '/api/admin/trainings', { ...body(trainerId), timeZone: 'Europe/Nowhere' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ timeZone: ['Choose one of the listed US time zones'] });
  });

  test('a patch keeps the zone unless it sends one, or a new state without one', async () => {
    const { id } = (await admin.call('POST', '/api/admin/trainings', body(trainerId))).body;
    const patch = (fields: object) => admin.call('PATCH', `/api/admin/trainings/${id}`, fields);
    expect((await patch({ isPublished: false })).body.timeZone).toBe('America/Los_Angeles');
    expect((await patch({ timeZone: 'America/Denver' })).body.timeZone).toBe('America/Denver');
    expect((await patch({ title: 'Renamed', state: 'CA' })).body.timeZone).toBe('America/Denver');
    const moved = await patch({ ...body(trainerId), state: 'NY' });
    expect(moved.body).toMatchObject({ timeZone: 'America/New_York', startDate: '2027-03-06T17:00:00.000Z' });
  });
});

describe('the migration', () => {
  test('existing rows get their state’s zone, or New York without a state', async () => {
    const a = (await admin.call('POST', '/api/admin/trainings', { ...body(trainerId), state: 'TX' })).body.id;
    const b = (await admin.call('POST', '/api/admin/trainings', { ...body(trainerId), state: '' })).body.id;
    const migration = fs.readFileSync(path.resolve('db/migrations/00013_training_time_zone.sql'), 'utf8');
    const sql = await getSql();
    // Replays the migration on a table as it was before it, then leaves the database unchanged.
    const zones = await sql
      .begin(async (tx) => {
        await tx`alter table trainings drop column time_zone`;
        await tx.unsafe(migration).simple();
        const rows = await tx<{ id: string; timeZone: string }[]>`select id, time_zone from trainings`;
        throw Object.assign(new Error('rollback'), { rows });
      })
      .catch((error: { rows?: { id: string; timeZone: string }[] }) => {
        if (!error.rows) throw error;
        return Object.fromEntries(error.rows.map((r) => [r.id, r.timeZone]));
      });
    expect(zones).toEqual({ [a]: 'America/Chicago', [b]: 'America/New_York' });
  });
});
