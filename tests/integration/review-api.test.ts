import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTraining } from '../support/adminRecords';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { createTrainer, createTraining } from '../support/fixtures';
import { waitFor } from '../support/server';
import postgres from 'postgres';
import { getSql } from '../../src/data/database/db';
import * as reports from '../../src/data/trust/listingReports';
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
/** A second partner of the same trainer (an institute's staff). */
let colleague: AdminClient;
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
  const [second] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values ('cy@partners.example', ${hash}, 'partner') returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${second!.id}, ${trainerId})`;
  editor = await adminClient(trust.server.url, 'editor@reviews.example', PASSWORD);
  partner = await adminClient(trust.server.url, 'ann@partners.example', PASSWORD);
  colleague = await adminClient(trust.server.url, 'cy@partners.example', PASSWORD);
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
    // A decision names the version the reviewer read (If-Match, required: 428 without).
    const etag = (await owner.call('GET', `/api/admin/reviews/${id}`)).headers.get('etag')!;
    const rejected = await owner.call(
      'POST',
      `/api/admin/reviews/${id}/reject`,
      { reason: 'Your site says $1,200.' },
      { 'if-match': etag },
    );
    expect(rejected.status).toBe(200);
    expect((await publicTraining(trainingId)).body).toMatchObject({ price: 1200 });
    const mine = (await partner.call('GET', '/api/admin/trainings')).body as Record<string, unknown>[];
    // The list shows the live values; the refused change is apart, for the partner's form.
    expect(mine.find((t) => t.id === trainingId)).toMatchObject({
      reviewStatus: 'live',
      rejectedReason: 'Your site says $1,200.',
      price: 1200,
      proposed: { price: 1600 },
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

/** The version a reviewer read: its ETag, for If-Match. */
const versionOf = async (id: string) => ({
  'if-match': (await editor.call('GET', `/api/admin/reviews/${id}`)).headers.get('etag')!,
});
const approve = async (id: string) =>
  editor.call('POST', `/api/admin/reviews/${id}/approve`, undefined, await versionOf(id));

describe('what partners do stays inside what review allows (docs/product.md, Review queue)', () => {
  test('approve and reject without If-Match answer 428 and decide nothing; with it they decide', async () => {
    const t = await createTraining(trainerId, { title: 'Api If-Match', price: 1000 });
    const id = (await partner.call('PATCH', `/api/admin/trainings/${t.id}`, { price: 1111 })).body
      .submissionId as string;
    const approveBare = await editor.call('POST', `/api/admin/reviews/${id}/approve`);
    expect(approveBare.status).toBe(428);
    expect(approveBare.body.error).toMatch(/If-Match/);
    const rejectBare = await editor.call('POST', `/api/admin/reviews/${id}/reject`, { reason: 'No' });
    expect(rejectBare.status).toBe(428);
    expect((await editor.call('GET', `/api/admin/reviews/${id}`)).body.status).toBe('pending');
    expect((await publicTraining(t.id)).body).toMatchObject({ price: 1000 });
    expect((await approve(id)).status).toBe(200);
    expect((await publicTraining(t.id)).body).toMatchObject({ price: 1111 });
  });

  test('after the team cancelled, a partner’s re-opening with more seats waits for review', async () => {
    const t = await createTraining(trainerId, { title: 'Api Cancelled', availability: 'open', seatsLeft: 20 });
    expect((await owner.call('PATCH', `/api/admin/trainings/${t.id}`, { availability: 'cancelled' })).status).toBe(200);
    const reopened = await partner.call('PATCH', `/api/admin/trainings/${t.id}`, {
      availability: 'open',
      seatsLeft: 500,
    });
    expect(reopened.status).toBe(202);
    expect((await publicTraining(t.id)).body).toMatchObject({ availability: 'cancelled', seatsLeft: 20 });
    const detail = await editor.call('GET', `/api/admin/reviews/${reopened.body.submissionId}`);
    expect(detail.body.changes).toEqual([
      { field: 'availability', before: 'cancelled', after: 'open' },
      { field: 'seatsLeft', before: 20, after: 500 },
    ]);
  });

  test('fewer seats and sold out apply at once; re-opening a sold-out training waits', async () => {
    const t = await createTraining(trainerId, { title: 'Api Seats', availability: 'open', seatsLeft: 20 });
    const fewer = await partner.call('PATCH', `/api/admin/trainings/${t.id}`, { seatsLeft: 5 });
    expect(fewer.status).toBe(200);
    const soldOut = await partner.call('PATCH', `/api/admin/trainings/${t.id}`, {
      availability: 'sold_out',
      seatsLeft: 0,
    });
    expect(soldOut.status).toBe(200);
    expect((await publicTraining(t.id)).body).toMatchObject({ availability: 'sold_out', seatsLeft: 0 });
    const reopened = await partner.call('PATCH', `/api/admin/trainings/${t.id}`, { availability: 'open' });
    expect(reopened.status).toBe(202);
    expect((await publicTraining(t.id)).body).toMatchObject({ availability: 'sold_out' });
  });

  test('a proposal belongs to whoever made its latest version: the trainer’s other partner cannot withdraw it', async () => {
    const t = await createTraining(trainerId, { title: 'Api Two Partners' });
    const first = await partner.call('PATCH', `/api/admin/trainings/${t.id}`, { description: 'Ann’s words.' });
    const second = await colleague.call('PATCH', `/api/admin/trainings/${t.id}`, { description: 'Cy’s words.' });
    expect(second.status).toBe(202);
    expect(second.body.submissionId).toBe(first.body.submissionId);
    const id = second.body.submissionId as string;
    expect((await partner.call('POST', `/api/admin/reviews/${id}/withdraw`)).status).toBe(404);
    expect((await editor.call('GET', `/api/admin/reviews/${id}`)).body).toMatchObject({
      status: 'pending',
      partnerEmail: 'cy@partners.example',
    });
    expect((await colleague.call('POST', `/api/admin/reviews/${id}/withdraw`)).body.status).toBe('withdrawn');
  });
});

describe('deleting a training keeps what visitors reported about it', () => {
  const report = (trainingId: string, reporterEmail: string | null = null) =>
    reports.insert({ trainingId, reason: 'dates-or-price', details: 'The dates moved.', reporterEmail });
  const openReportsOf = async (trainingId: string) => {
    const problems = (await owner.call('GET', '/api/admin/listing-problems')).body.problems as {
      kind: string;
      id: string;
      trainingId: string;
      title: string;
    }[];
    return problems.filter((p) => p.kind === 'report' && p.trainingId === trainingId);
  };

  test('a partner’s delete of a live training is a request the team reviews; approved, the training goes and its reports stay, with their outcome', async () => {
    const t = await createTraining(trainerId, { title: 'Api Reported Live' });
    await report(t.id, 'reader@reports.example');
    await report(t.id);
    await report(t.id);
    const asked = await partner.call('DELETE', `/api/admin/trainings/${t.id}`);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ id: t.id, reviewStatus: 'pending', pendingSince: expect.any(String) });
    expect((await publicTraining(t.id)).status).toBe(200);
    expect(await openReportsOf(t.id)).toHaveLength(3);
    const id = asked.body.submissionId as string;
    const detail = await editor.call('GET', `/api/admin/reviews/${id}`);
    expect(detail.body).toMatchObject({ kind: 'training_delete', title: 'Api Reported Live' });
    expect(detail.body.changes).toEqual([{ field: 'training', before: 'Api Reported Live', after: null }]);

    const approved = await approve(id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', title: 'Api Reported Live' });
    expect((await publicTraining(t.id)).status).toBe(404);
    const history = await owner.call('GET', `/api/admin/changes?entityId=${t.id}&type=delete`);
    expect(history.body[0]).toMatchObject({ adminEmail: 'editor@reviews.example', proposedBy: 'ann@partners.example' });
    const kept = await openReportsOf(t.id);
    expect(kept.map((r) => r.title)).toEqual(['Api Reported Live', 'Api Reported Live', 'Api Reported Live']);
    // The team still ends each report, and a reporter who left an address still hears how it ended.
    const withAddress = (await reports.listByTraining(t.id)).find((r) => r.reporterEmail)!;
    const ended = await owner.call('PATCH', `/api/admin/reports/${withAddress.id}`, {
      outcome: 'fixed',
      note: 'The training was withdrawn by its trainer.',
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'fixed', title: 'Api Reported Live' });
    await waitFor(async () => trust.smtp.received.some((m) => m.to.includes('reader@reports.example')));
  });

  test('the team’s delete of a training, and of its trainer, keep its reports and their title', async () => {
    const t = await createTraining(trainerId, { title: 'Api Team Deleted' });
    await report(t.id);
    const ended = await report(t.id);
    const note = { outcome: 'dismissed', note: 'The dates are right.' };
    expect((await owner.call('PATCH', `/api/admin/reports/${ended.id}`, note)).status).toBe(200);
    expect((await owner.call('DELETE', `/api/admin/trainings/${t.id}`)).body).toEqual({ deleted: t.id });
    expect((await openReportsOf(t.id)).map((r) => r.title)).toEqual(['Api Team Deleted']);
    expect((await reports.listByTraining(t.id)).map((r) => r.status).sort()).toEqual(['dismissed', 'open']);
    // The history of the report's decision stays with the deleted training's.
    const decided = await owner.call('GET', `/api/admin/changes?entityId=${t.id}&type=resolve`);
    expect(decided.body[0]).toMatchObject({
      action: 'resolve',
      after: { status: 'dismissed', note: 'The dates are right.' },
    });
    const other = await createTrainer({ name: 'Dr. Gone' });
    const u = await createTraining(other.id, { title: 'Api Trainer Deleted' });
    await report(u.id);
    expect((await owner.call('DELETE', `/api/admin/trainers/${other.id}`)).status).toBe(200);
    expect((await openReportsOf(u.id)).map((r) => r.title)).toEqual(['Api Trainer Deleted']);
  });

  test('a partner’s delete of a training the public does not see is done at once', async () => {
    const t = await createTraining(trainerId, { title: 'Api Draft', isPublished: false });
    const deleted = await partner.call('DELETE', `/api/admin/trainings/${t.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: t.id });
  });
});

describe('a partner’s edit and an approval at the same time', () => {
  test('never answer 500: every save locks the listing row, then its submission', async () => {
    const created = await partner.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      title: 'Api Race',
    });
    const trainingId = created.body.id as string;
    const id = (await editor.call('GET', '/api/admin/reviews')).body.submissions.find(
      (s: { recordId: string }) => s.recordId === trainingId,
    ).id as string;
    const version = await versionOf(id);
    const approval = () => editor.call('POST', `/api/admin/reviews/${id}/approve`, undefined, version);
    const edit = () => partner.call('PATCH', `/api/admin/trainings/${trainingId}`, { price: 777 });
    let answers: { status: number }[];
    if (process.env.TEST_DB_TARGET === 'postgres') {
      // Deterministic on a PostgreSQL server: the approval is held inside its transaction (after its
      // first lock) while the edit starts, so an approval locking the submission before the row would
      // deadlock with the edit (40P01). The embedded database runs one transaction at a time.
      const sql = await getSql();
      const waiting = async (n: number) => {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
        return row!.n >= n;
      };
      const holder = postgres(trust.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      let release!: () => void;
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => (held = resolve));
      const blocker = holder.begin(async (tx) => {
        await tx`select 1 from unreviewed_trainings where training_id = ${trainingId} for update`;
        held();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isHeld;
      const approving = approval();
      await waitFor(() => waiting(1), 10_000, 50);
      const editing = edit();
      await waitFor(() => waiting(2), 10_000, 50).catch(() => undefined);
      release();
      await blocker;
      await holder.end();
      answers = await Promise.all([approving, editing]);
    } else {
      answers = await Promise.all([approval(), edit()]);
    }
    const [approved, edited] = answers;
    expect(approved!.status, JSON.stringify(approved)).toBe(200);
    expect([200, 202], JSON.stringify(edited)).toContain(edited!.status);
    expect((await publicTraining(trainingId)).status).toBe(200);
  });
});
