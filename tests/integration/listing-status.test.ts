import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTraining } from '../support/adminRecords';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { createTrainer, createTraining } from '../support/fixtures';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';

/**
 * A training's one status over HTTP (docs/product.md, One status): `reviewStatus` on every row of the
 * admin list, for the team and the partner alike, with the live values in the row; the "Waiting for
 * review" filter; and the previews of the version that would go live (own only, never cached).
 */
let trust: TrustServer;
let owner: AdminClient;
let partner: AdminClient;
let stranger: AdminClient;
let trainerId: string;
const PASSWORD = 'a long partner passphrase';
type Row = Record<string, unknown> & { id: string };

const row = async (client: AdminClient, id: string) =>
  ((await client.call('GET', '/api/admin/trainings')).body as Row[]).find((t) => t.id === id)!;
const page = (client: AdminClient, path: string) =>
  fetch(`${trust.server.url}${path}`, { headers: { cookie: client.cookie }, redirect: 'manual' });
const queueIdOf = async (recordId: string) =>
  ((await owner.call('GET', '/api/admin/reviews')).body.submissions as { id: string; recordId: string }[]).find(
    (s) => s.recordId === recordId,
  )!.id;
const decide = async (recordId: string, how: 'approve' | 'reject') => {
  const id = await queueIdOf(recordId);
  const etag = (await owner.call('GET', `/api/admin/reviews/${id}`)).headers.get('etag')!;
  const body = how === 'reject' ? { reason: 'The price differs from your site.' } : undefined;
  expect((await owner.call('POST', `/api/admin/reviews/${id}/${how}`, body, { 'if-match': etag })).status).toBe(200);
};

beforeAll(async () => {
  trust = await startTrustServer();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  trainerId = (await createTrainer({ name: 'Dr. Status Partner' })).id;
  const otherTrainer = (await createTrainer({ name: 'Dr. Someone Else' })).id;
  const sql = await getSql();
  const hash = await hashPassword(PASSWORD);
  for (const [email, trainer] of [
    ['sam@partners.example', trainerId],
    ['zoe@partners.example', otherTrainer],
  ] as const) {
    const [member] = await sql<{ id: string }[]>`
      insert into admin_users (email, password_hash, role) values (${email}, ${hash}, 'partner') returning id`;
    await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainer})`;
  }
  partner = await adminClient(trust.server.url, 'sam@partners.example', PASSWORD);
  stranger = await adminClient(trust.server.url, 'zoe@partners.example', PASSWORD);
});

afterAll(async () => {
  await trust?.stop();
});

describe('reviewStatus on the admin list', () => {
  test('the team’s own rows: Draft and Live, every field as before, and the trainer’s name', async () => {
    const live = await createTraining(trainerId, { title: 'Team Live', isPublished: true });
    const draft = await createTraining(trainerId, { title: 'Team Draft', isPublished: false });
    const liveRow = await row(owner, live.id);
    expect(liveRow).toMatchObject({ reviewStatus: 'live', isPublished: true, title: 'Team Live' });
    expect(liveRow.trainerName).toBe('Dr. Status Partner');
    expect(await row(owner, draft.id)).toMatchObject({ reviewStatus: 'draft', isPublished: false });
    // A SPEC-shaped client gets every field it got.
    for (const key of [
      'id',
      'trainerId',
      'title',
      'description',
      'price',
      'startDate',
      'endDate',
      'format',
      'thinkificUrl',
    ])
      expect(liveRow, key).toHaveProperty(key);
    expect(liveRow).not.toHaveProperty('proposed');
  });

  test('a partner’s new training waits; rejected it is Not approved; approved it is Live, in both lists', async () => {
    const created = await partner.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      title: 'Sam New',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // Never "Published" while it waits: the row is private until approved.
    expect(await row(partner, id)).toMatchObject({
      reviewStatus: 'pending',
      isPublished: false,
      pendingSince: expect.any(String),
    });
    expect(await row(owner, id)).toMatchObject({ reviewStatus: 'pending', submissionId: expect.any(String) });
    const waiting = (await owner.call('GET', '/api/admin/trainings?status=waiting')).body as Row[];
    expect(waiting.map((t) => t.id)).toContain(id);
    await decide(id, 'reject');
    expect(await row(partner, id)).toMatchObject({
      reviewStatus: 'rejected',
      rejectedReason: 'The price differs from your site.',
    });
    expect(await row(owner, id)).toMatchObject({ reviewStatus: 'rejected' });
    const second = await partner.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      title: 'Sam Approved',
    });
    await decide(second.body.id as string, 'approve');
    expect(await row(partner, second.body.id as string)).toMatchObject({ reviewStatus: 'live', isPublished: true });
    expect(await row(owner, second.body.id as string)).toMatchObject({ reviewStatus: 'live' });
  });

  test('a change of a live training: the list keeps the live title and price, the proposal apart', async () => {
    const live = await createTraining(trainerId, { title: 'Sam Live', price: 1200, isPublished: true });
    const edited = await partner.call('PATCH', `/api/admin/trainings/${live.id}`, {
      title: 'Sam Renamed',
      price: 1900,
    });
    expect(edited.status).toBe(202);
    const mine = await row(partner, live.id);
    expect(mine).toMatchObject({
      reviewStatus: 'live_pending',
      title: 'Sam Live',
      price: 1200,
      proposed: { title: 'Sam Renamed', price: 1900 },
    });
    expect(await row(owner, live.id)).toMatchObject({ reviewStatus: 'live_pending', title: 'Sam Live' });
    await decide(live.id, 'approve');
    expect(await row(partner, live.id)).toMatchObject({ reviewStatus: 'live', title: 'Sam Renamed', price: 1900 });
    expect(await row(partner, live.id)).not.toHaveProperty('proposed');
  });
});

describe('the preview of the version that would go live', () => {
  test('the partner’s own: the proposed page, noindex, private and not stored; another partner’s 404', async () => {
    const live = await createTraining(trainerId, { title: 'Preview Live', isPublished: true });
    expect((await partner.call('PATCH', `/api/admin/trainings/${live.id}`, { title: 'Preview Proposed' })).status).toBe(
      202,
    );
    const mine = await page(partner, `/account/trainings/${live.id}/preview`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const html = await mine.text();
    expect(html).toContain('Preview Proposed');
    expect(html).toContain('Preview of the version waiting for review');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    // Counted nowhere: the preview carries no visit beacon.
    expect(html).not.toContain('/api/events');
    expect((await page(stranger, `/account/trainings/${live.id}/preview`)).status).toBe(404);
    const team = await page(owner, `/admin/trainings/${live.id}/preview`);
    expect(team.status).toBe(200);
    expect(await team.text()).toContain('Preview Proposed');
    // The public page still shows the live title.
    const pub = await fetch(`${trust.server.url}/api/trainings/${live.id}`).then((r) => r.json() as Promise<Row>);
    expect(pub.title).toBe('Preview Live');
  });

  test('a never-live training opens its preview, not "Training not found"', async () => {
    const created = await partner.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      title: 'Never Live',
    });
    const preview = await page(partner, `/account/trainings/${created.body.id}/preview`);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain('Never Live');
    expect(html).not.toContain('Training not found');
  });
});
