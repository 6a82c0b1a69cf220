import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { createTrainer, createTraining } from '../support/fixtures';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';

/**
 * Copy to new dates over HTTP (docs/product.md, Copy to new dates): 201 with the new training, every
 * part moved by the same days on its own clock (across a daylight-saving change the local times stay),
 * every fact copied, open again without seats, the history naming the source; a partner's copy waits
 * for review; another's training 404; a bad date 400.
 */
let trust: TrustServer;
let owner: AdminClient;
let partner: AdminClient;
let trainerId: string;
let otherTrainerId: string;
const PASSWORD = 'a long partner passphrase';

beforeAll(async () => {
  trust = await startTrustServer();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  trainerId = (await createTrainer({ name: 'Dr. Copy Partner' })).id;
  otherTrainerId = (await createTrainer({ name: 'Dr. Not Theirs' })).id;
  const sql = await getSql();
  const hash = await hashPassword(PASSWORD);
  const [member] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values ('cole@partners.example', ${hash}, 'partner') returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainerId})`;
  partner = await adminClient(trust.server.url, 'cole@partners.example', PASSWORD);
});

afterAll(async () => {
  await trust?.stop();
});

/** Two weekends in New York, the first before the spring change (EST), with few seats left. */
const twoParts = (trainer: string) =>
  createTraining(trainer, {
    title: 'Two Weekends, New York',
    price: 1800,
    ceCredits: 20,
    isEMDRIACertified: true,
    isPublished: true,
    state: 'NY',
    timeZone: 'America/New_York',
    availability: 'few_seats',
    seatsLeft: 3,
    parts: [
      { label: 'Weekend 1', startDate: '2027-02-27T14:00:00.000Z', endDate: '2027-02-28T22:00:00.000Z' },
      { label: 'Weekend 2', startDate: '2027-03-06T14:00:00.000Z', endDate: '2027-03-07T22:00:00.000Z' },
    ],
  } as never);

describe('POST /api/admin/trainings/{id}/copy', () => {
  test('the team’s copy: 201, a draft, every part at the same local time after the DST change, open again', async () => {
    const source = await twoParts(trainerId);
    // Three weeks later: both weekends now fall after March 14, 2027 (EDT, UTC−4).
    const copied = await owner.call('POST', `/api/admin/trainings/${source.id}/copy`, { startDate: '2027-03-20' });
    expect(copied.status).toBe(201);
    const copy = copied.body as Record<string, unknown> & {
      id: string;
      parts: { startDate: string; endDate: string }[];
    };
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      title: 'Two Weekends, New York',
      price: 1800,
      ceCredits: 20,
      isEMDRIACertified: true,
      isPublished: false,
      availability: 'open',
      seatsLeft: null,
      timeZone: 'America/New_York',
    });
    expect(copy).not.toHaveProperty('reviewStatus');
    // 9:00 and 17:00 in New York, as before: an hour earlier in UTC.
    expect(copy.parts.map((p) => [p.startDate, p.endDate])).toEqual([
      ['2027-03-20T13:00:00.000Z', '2027-03-21T21:00:00.000Z'],
      ['2027-03-27T13:00:00.000Z', '2027-03-28T21:00:00.000Z'],
    ]);
    expect(copy.startDate).toBe('2027-03-20T13:00:00.000Z');
    expect(copy.endDate).toBe('2027-03-28T21:00:00.000Z');
    const list = (await owner.call('GET', '/api/admin/trainings')).body as { id: string; reviewStatus: string }[];
    expect(list.find((t) => t.id === copy.id)?.reviewStatus).toBe('draft');
    const changes = await owner.call('GET', `/api/admin/changes?entityType=training&entityId=${copy.id}`);
    const entries = (Array.isArray(changes.body) ? changes.body : (changes.body.changes ?? changes.body.entries)) as {
      action: string;
      before: { id: string; title: string } | null;
    }[];
    expect(entries[0]).toMatchObject({ action: 'copy', before: { id: source.id, title: 'Two Weekends, New York' } });
  });

  test('a partner’s copy waits for review; another trainer’s training is 404', async () => {
    const source = await twoParts(trainerId);
    const copied = await partner.call('POST', `/api/admin/trainings/${source.id}/copy`, { startDate: '2027-06-05' });
    expect(copied.status).toBe(201);
    expect(copied.body).toMatchObject({ reviewStatus: 'pending', title: 'Two Weekends, New York' });
    const mine = (await partner.call('GET', '/api/admin/trainings')).body as { id: string; reviewStatus: string }[];
    expect(mine.find((t) => t.id === copied.body.id)?.reviewStatus).toBe('pending');
    const theirs = await twoParts(otherTrainerId);
    expect(
      (await partner.call('POST', `/api/admin/trainings/${theirs.id}/copy`, { startDate: '2027-06-05' })).status,
    ).toBe(404);
    expect(
      (await partner.call('POST', '/api/admin/trainings/not-an-id/copy', { startDate: '2027-06-05' })).status,
    ).toBe(404);
  });

  test('a bad date is 400 with the field’s message', async () => {
    const source = await twoParts(trainerId);
    for (const startDate of ['2027-02-30', 'next week', '', 20270601]) {
      const bad = await owner.call('POST', `/api/admin/trainings/${source.id}/copy`, { startDate });
      expect(bad.status, String(startDate)).toBe(400);
      expect(bad.body.fieldErrors.startDate).toEqual(['Choose the new first day as a date (YYYY-MM-DD)']);
    }
    expect((await owner.call('POST', `/api/admin/trainings/${source.id}/copy`, {})).status).toBe(400);
  });
});
