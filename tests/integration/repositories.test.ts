import { beforeEach, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { migrate, readMigrations } from '../../src/data/database/migrate';
import * as trainers from '../../src/data/trainers';
import * as trainings from '../../src/data/trainings';
import * as admins from '../../src/data/signIn/admins';
import { createTrainer, createTraining } from '../support/fixtures';
import { resetDatabase } from '../support/reset';

describe('data layer on a real database', () => {
  beforeEach(resetDatabase);

  test('migrations are applied once: running them again changes nothing', async () => {
    const sql = await getSql();
    expect(await migrate(sql)).toEqual([]);
    const rows = await sql`select version from schema_migrations order by version`;
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
  });

  test('deleting a trainer deletes its trainings', async () => {
    const trainer = await createTrainer();
    const other = await createTrainer({ name: 'Other' });
    const doomed = await createTraining(trainer.id);
    const kept = await createTraining(other.id);
    await trainers.remove(trainer.id);
    expect(await trainings.findById(doomed.id)).toBeUndefined();
    expect(await trainings.findById(kept.id)).toBeDefined();
  });

  test('defaults of docs/product.md apply when a field is left out', async () => {
    const sql = await getSql();
    const trainer = await createTrainer();
    const [row] = await sql`
      insert into trainings (trainer_id, title, description, price, start_date, end_date, location, format, thinkific_url)
      values (${trainer.id}, 'T', 'D', 0, now(), now(), 'L', 'Virtual', 'https://x.example') returning *`;
    expect(row).toMatchObject({ isPublished: true, isEMDRIACertified: false, ceCredits: 0 });
    const [t] = await sql`insert into trainers (name, bio) values ('N', 'B') returning states_served`;
    expect(t!.statesServed).toEqual([]);
  });

  test.each([
    ['an unknown format', { format: 'Online' }],
    ['a state that is not one of the 50', { state: 'DC' }],
    ['a negative price', { price: -1 }],
    ['negative CE credits', { ce_credits: -5 }],
  ])('the database refuses %s', async (_name, override) => {
    const sql = await getSql();
    const trainer = await createTrainer();
    const row = {
      trainer_id: trainer.id,
      title: 'T',
      description: 'D',
      price: 0,
      start_date: new Date(),
      end_date: new Date(),
      location: 'L',
      format: 'Virtual',
      thinkific_url: 'https://x.example',
      ...override,
    };
    await expect(sql`insert into trainings ${sql(row)}`).rejects.toThrow();
  });

  test('admin emails are unique regardless of case', async () => {
    await admins.insert('Owner@Example.com', 'hash');
    await expect(admins.insert('owner@example.COM', 'hash')).rejects.toThrow();
    expect((await admins.findByEmail('OWNER@example.com'))?.email).toBe('Owner@Example.com');
    const sql = await getSql();
    await sql`delete from admin_users where lower(email) = 'owner@example.com'`;
  });

  test('every write records a publish request in the same transaction', async () => {
    const sql = await getSql();
    const trainer = await createTrainer();
    const training = await createTraining(trainer.id);
    await trainings.update(training.id, { title: 'New title' });
    await trainings.remove(training.id);
    await trainers.remove(trainer.id);
    const reasons = (await sql`select reason from publish_requests order by id`).map((r) =>
      r.reason.split(' ').slice(0, 2).join(' '),
    );
    expect(reasons).toEqual([
      'trainer created',
      'training created',
      'training updated',
      'training deleted',
      'trainer deleted',
    ]);
  });
});
