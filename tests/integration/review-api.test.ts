import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTraining } from '../support/adminRecords';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { createTrainer, createTraining } from '../support/fixtures';
import { waitFor } from '../support/server';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';

/**
 * The review queue over HTTP (docs/product.md, Review queue): what a partner's POST and PATCH answer,
 * the public API keeping the approved version, the team's queue routes with their errors, and the
 * 409 of a reviewer who was second. Mail reaches a real SMTP server on 127.0.0.1.
 */
let trust: TrustServer;
let owner: AdminClient;
let editor: AdminClient;
let partner: AdminClient;
let trainerId: string;
const PASSWORD = 'a long partner passphrase';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const publicTraining = async (id: string) => {
  const r = await fetch(`${trust.server.url}/api/trainings/${id}`);
  return { status: r.status, body: r.status === 200 ? ((await r.json()) as Record<string, unknown>) : null };
};

beforeAll(async () => {
  trust = await startTrustServer();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  trainerId = (await createTrainer({ name: 'Dr. Api Partner' })).id;
  const sql = await getSql();
  const hash = await hashPassword(PASSWORD);
  await sql`insert into admin_users (email, password_hash, role) values ('editor@reviews.example', ${hash}, 'editor')`;
  const [member] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values ('ann@partners.example', ${hash}, 'partner') returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainerId})`;
  editor = await adminClient(trust.server.url, 'editor@reviews.example', PASSWORD);
  partner = await adminClient(trust.server.url, 'ann@partners.example', PASSWORD);
});

afterAll(async () => {
  await trust?.stop();
});

describe('a partner’s new training over the API', () => {
  let trainingId: string;

  test('POST answers 201 pending; it is not in the public API; the partner sees it waiting', async () => {
    const created = await partner.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      title: 'Api New',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ reviewStatus: 'pending', isPublished: true });
    trainingId = created.body.id;
    expect((await publicTraining(trainingId)).status).toBe(404);
    const list = await fetch(`${trust.server.url}/api/trainings`).then((r) => r.json() as Promise<{ id: string }[]>);
    expect(list.map((t) => t.id)).not.toContain(trainingId);
    const mine = (await partner.call('GET', '/api/admin/trainings')).body as Record<string, unknown>[];
    expect(mine.find((t) => t.id === trainingId)).toMatchObject({
      reviewStatus: 'pending',
      pendingSince: expect.any(String),
    });
  });

  test('the queue is the team’s: partners 403; paging and unknown ids answer as other admin routes', async () => {
    expect((await partner.call('GET', '/api/admin/reviews')).status).toBe(403);
    const queue = await editor.call('GET', '/api/admin/reviews');
    expect(queue.status).toBe(200);
    expect(queue.headers.get('x-total-count')).toBe('1');
    expect(queue.body.submissions[0]).toMatchObject({
      recordId: trainingId,
      partnerEmail: 'ann@partners.example',
      trainerName: 'Dr. Api Partner',
    });
    expect(Array.isArray(queue.body.problems)).toBe(true);
    expect((await editor.call('GET', '/api/admin/reviews?page=zero')).status).toBe(400);
    expect((await editor.call('GET', '/api/admin/reviews/not-an-id')).status).toBe(404);
    expect((await editor.call('GET', `/api/admin/reviews/${UNKNOWN}`)).status).toBe(404);
    expect((await editor.call('POST', `/api/admin/reviews/${UNKNOWN}/approve`)).status).toBe(404);
  });

  test('of two reviewers, one wins and the other gets 409 with the new state', async () => {
    const id = (await editor.call('GET', '/api/admin/reviews')).body.submissions[0].id as string;
    const detail = await owner.call('GET', `/api/admin/reviews/${id}`);
    const etag = detail.headers.get('etag')!;
    expect(detail.body.changes).toContainEqual({ field: 'title', before: null, after: 'Api New' });
    const first = await editor.call('POST', `/api/admin/reviews/${id}/approve`, undefined, { 'if-match': etag });
    expect(first.status).toBe(200);
    const second = await owner.call('POST', `/api/admin/reviews/${id}/reject`, { reason: 'No' }, { 'if-match': etag });
    expect(second.status).toBe(409);
    expect(second.body.submission).toMatchObject({ id, status: 'approved', reviewerEmail: 'editor@reviews.example' });
    expect((await publicTraining(trainingId)).status).toBe(200);
    await waitFor(async () =>
      trust.smtp.received.some(
        (m) => m.to.includes('ann@partners.example') && /approved: Api New/.test(m.mail.subject ?? ''),
      ),
    );
  });
});

describe('a partner’s edit of a live training over the API', () => {
  let trainingId: string;

  beforeAll(async () => {
    trainingId = (await createTraining(trainerId, { title: 'Api Live', price: 1200 })).id;
  });

  test('a price change answers 202 pending; the public API keeps the old price', async () => {
    const edited = await partner.call('PATCH', `/api/admin/trainings/${trainingId}`, { price: 1600 });
    expect(edited.status).toBe(202);
    expect(edited.body).toMatchObject({ reviewStatus: 'pending', price: 1600, pendingSince: expect.any(String) });
    expect((await publicTraining(trainingId)).body).toMatchObject({ price: 1200 });
  });

  test('reject needs a reason (400 on the field); then nothing changes and the partner reads the reason', async () => {
    const queue = (await owner.call('GET', '/api/admin/reviews')).body.submissions as {
      id: string;
      recordId: string;
    }[];
    const id = queue.find((s) => s.recordId === trainingId)!.id;
    const empty = await owner.call('POST', `/api/admin/reviews/${id}/reject`, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.reason).toEqual(['Say why, so the partner can fix it']);
    expect((await partner.call('POST', `/api/admin/reviews/${id}/reject`, { reason: 'x' })).status).toBe(403);
    const rejected = await owner.call('POST', `/api/admin/reviews/${id}/reject`, { reason: 'Your site says $1,200.' });
    expect(rejected.status).toBe(200);
    expect((await publicTraining(trainingId)).body).toMatchObject({ price: 1200 });
    const mine = (await partner.call('GET', '/api/admin/trainings')).body as Record<string, unknown>[];
    expect(mine.find((t) => t.id === trainingId)).toMatchObject({
      reviewStatus: 'rejected',
      rejectedReason: 'Your site says $1,200.',
      price: 1600,
    });
  });

  test('sold out answers 200 and is public at once', async () => {
    const edited = await partner.call('PATCH', `/api/admin/trainings/${trainingId}`, { availability: 'sold_out' });
    expect(edited.status).toBe(200);
    expect(edited.body.reviewStatus).toBe('approved');
    expect((await publicTraining(trainingId)).body).toMatchObject({ availability: 'sold_out', price: 1200 });
  });

  test('a Basic Training without its full cost is 422 at submission; withdrawing is the partner’s own', async () => {
    const basic = await partner.call('PATCH', `/api/admin/trainings/${trainingId}`, { programType: 'basic' });
    expect(basic.status).toBe(422);
    expect(Object.keys(basic.body.fieldErrors)).toContain('consultation');
    const edited = await partner.call('PATCH', `/api/admin/trainings/${trainingId}`, { description: 'Longer.' });
    expect(edited.status).toBe(202);
    const id = edited.body.submissionId as string;
    expect((await owner.call('POST', `/api/admin/reviews/${id}/withdraw`)).status).toBe(404);
    const withdrawn = await partner.call('POST', `/api/admin/reviews/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
  });

  test('the team’s edits answer as before: 200, no review fields', async () => {
    const edited = await owner.call('PATCH', `/api/admin/trainings/${trainingId}`, { price: 1250 });
    expect(edited.status).toBe(200);
    expect(edited.body).not.toHaveProperty('reviewStatus');
    expect((await publicTraining(trainingId)).body).toMatchObject({ price: 1250 });
  });
});
