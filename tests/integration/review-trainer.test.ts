import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTrainer } from '../support/adminRecords';
import { png } from '../support/images';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { waitFor } from '../support/server';
import { getSql } from '../../src/data/database/db';
import * as history from '../../src/data/history';
import { newestRequestId } from '../../src/data/publishing';
import { hashPassword } from '../../src/auth/passwords';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../src/storage/abandoned';

/**
 * A partner's own trainer profile under review (docs/product.md, Review queue): every changed field,
 * the bio and the photo too, waits in a 'trainer_edit' submission; the public API keeps the approved
 * profile and photo until a reviewer approves; a rejection publishes nothing; the upload sweep keeps
 * a photo a pending submission proposes. Mail reaches a real SMTP server on 127.0.0.1.
 */
let trust: TrustServer;
let owner: AdminClient;
let editor: AdminClient;
let partner: AdminClient;
let trainerId: string;
const PASSWORD = 'a long partner passphrase';
const PARTNER = 'tia@partners.example';
const profile = { ...validTrainer, name: 'Dr. Tia Profile', bio: 'The approved bio.' };

const publicTrainer = async () =>
  (await fetch(`${trust.server.url}/api/trainers/${trainerId}`).then((r) => r.json())) as Record<string, unknown>;
const status = async (path: string) => (await fetch(`${trust.server.url}${path}`)).status;
const keyOf = (objectPath: string) => objectPath.split('/').pop()!;

/** The browser's photo flow against this server: a signed URL, the PUT, the registration. */
async function uploadPhoto(client: AdminClient, rgb: [number, number, number]): Promise<string> {
  const { uploadURL } = (await client.call('POST', '/api/admin/objects/upload')).body as { uploadURL: string };
  const put = await fetch(uploadURL, {
    method: 'PUT',
    body: png({ rgb }),
    headers: { 'content-type': 'image/png', origin: trust.server.url },
  });
  expect(put.status).toBe(201);
  const registered = await client.call('PUT', '/api/admin/trainer-photos', { photoURL: uploadURL });
  expect(registered.status).toBe(200);
  return registered.body.objectPath as string;
}

async function mine(): Promise<Record<string, unknown>> {
  const rows = (await partner.call('GET', '/api/admin/trainers')).body as Record<string, unknown>[];
  return rows.find((t) => t.id === trainerId)!;
}

async function pendingId(): Promise<string> {
  return (await mine()).submissionId as string;
}

/** The version a reviewer read, as a decision names it (If-Match, required: 428 without). */
async function readVersion(id: string): Promise<Record<string, string>> {
  return { 'if-match': (await editor.call('GET', `/api/admin/reviews/${id}`)).headers.get('etag')! };
}

beforeAll(async () => {
  trust = await startTrustServer();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  const oldPhoto = await uploadPhoto(owner, [10, 20, 30]);
  const created = await owner.call('POST', '/api/admin/trainers', { ...profile, photo: oldPhoto });
  expect(created.status).toBe(201);
  trainerId = created.body.id;
  const sql = await getSql();
  const hash = await hashPassword(PASSWORD);
  await sql`insert into admin_users (email, password_hash, role) values ('editor@profiles.example', ${hash}, 'editor')`;
  const [member] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values (${PARTNER}, ${hash}, 'partner') returning id`;
  await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainerId})`;
  editor = await adminClient(trust.server.url, 'editor@profiles.example', PASSWORD);
  partner = await adminClient(trust.server.url, PARTNER, PASSWORD);
});

afterAll(async () => {
  await trust?.stop();
});

describe('a partner’s trainer profile edit', () => {
  test('a changed bio answers 202 pending; the public profile keeps the approved bio; the partner sees theirs', async () => {
    const live = await publicTrainer();
    const before = (await owner.call('GET', '/api/admin/trainers')).body[0] as Record<string, unknown>;
    const saved = await partner.call('PATCH', `/api/admin/trainers/${trainerId}`, {
      ...profile,
      photo: live.photo,
      bio: 'My new bio, waiting.',
    });
    expect(saved.status).toBe(202);
    expect(saved.body).toMatchObject({ reviewStatus: 'pending', bio: 'My new bio, waiting.' });
    expect(saved.body.pendingSince).toEqual(expect.any(String));
    expect((await publicTrainer()).bio).toBe('The approved bio.');
    // The live row is untouched: the team sees the same version (its etag too).
    const teamView = (await owner.call('GET', '/api/admin/trainers')).body[0] as Record<string, unknown>;
    expect(teamView).toEqual(before);
    expect(await mine()).toMatchObject({
      bio: 'My new bio, waiting.',
      reviewStatus: 'pending',
      pendingSince: expect.any(String),
    });
    await waitFor(async () => trust.smtp.received.some((m) => m.to.includes('editor@profiles.example')));
  });

  test('invalid input is refused at submission with field messages, as a team member’s save', async () => {
    const refused = await partner.call('PATCH', `/api/admin/trainers/${trainerId}`, { ...profile, bio: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.bio).toEqual(['Bio is required']);
  });

  test('the queue shows the profile’s field changes, before and after', async () => {
    const queue = await editor.call('GET', '/api/admin/reviews');
    expect(queue.body.submissions[0]).toMatchObject({
      kind: 'trainer_edit',
      recordId: trainerId,
      trainerName: 'Dr. Tia Profile',
      title: 'Dr. Tia Profile',
      partnerEmail: PARTNER,
    });
    const detail = await editor.call('GET', `/api/admin/reviews/${await pendingId()}`);
    expect(detail.status).toBe(200);
    expect(detail.body.changes).toEqual([{ field: 'bio', before: 'The approved bio.', after: 'My new bio, waiting.' }]);
  });

  test('rejecting publishes nothing and queues no publish request; the partner sees the reason', async () => {
    const queued = await newestRequestId();
    const id = await pendingId();
    const rejected = await editor.call(
      'POST',
      `/api/admin/reviews/${id}/reject`,
      { reason: 'Please keep the bio in the third person.' },
      await readVersion(id),
    );
    expect(rejected.status).toBe(200);
    expect(await newestRequestId()).toBe(queued);
    expect((await publicTrainer()).bio).toBe('The approved bio.');
    expect(await mine()).toMatchObject({
      reviewStatus: 'rejected',
      rejectedReason: 'Please keep the bio in the third person.',
      bio: 'My new bio, waiting.',
    });
    await waitFor(async () => trust.smtp.received.some((m) => m.to.includes(PARTNER)));
  });

  test('the next save replaces a pending proposal; withdrawing it leaves the profile as it is', async () => {
    const photo = (await publicTrainer()).photo;
    const first = await partner.call('PATCH', `/api/admin/trainers/${trainerId}`, { ...profile, photo, bio: 'One.' });
    expect(first.status).toBe(202);
    const id = await pendingId();
    const second = await partner.call('PATCH', `/api/admin/trainers/${trainerId}`, {
      ...profile,
      photo,
      credentials: 'LCSW',
    });
    expect(second.status).toBe(202);
    expect(second.body.submissionId).toBe(id);
    const detail = await editor.call('GET', `/api/admin/reviews/${id}`);
    expect(detail.body.changes).toEqual([{ field: 'credentials', before: 'PhD', after: 'LCSW' }]);
    expect((await partner.call('POST', `/api/admin/reviews/${id}/withdraw`, {})).status).toBe(200);
    expect((await mine()).reviewStatus).toBe('approved');
    expect((await publicTrainer()).credentials).toBe('PhD');
  });

  test('a new photo waits: the public profile keeps the old one, the sweep keeps both; approval shows it and deletes the old', async () => {
    const oldPhoto = (await publicTrainer()).photo as string;
    const newPhoto = await uploadPhoto(partner, [200, 100, 50]);
    const saved = await partner.call('PATCH', `/api/admin/trainers/${trainerId}`, {
      ...profile,
      photo: newPhoto,
      bio: 'A bio and a face.',
    });
    expect(saved.status).toBe(202);
    expect((await publicTrainer()).photo).toBe(oldPhoto);
    expect((await mine()).photo).toBe(newPhoto);

    const deleted = await sweepAbandonedUploads(new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000));
    expect(deleted).not.toContain(keyOf(newPhoto));
    expect(deleted).not.toContain(keyOf(oldPhoto));
    // Waiting for review, the photo is not public (docs/product.md, Photos): the partner who uploaded
    // it and the team see it, never cached; anyone else, another partner too, gets a 404.
    expect(await status(newPhoto)).toBe(404);
    const sql = await getSql();
    await sql`insert into admin_users (email, password_hash, role)
              values ('other@partners.example', ${await hashPassword(PASSWORD)}, 'partner')`;
    const otherPartner = await adminClient(trust.server.url, 'other@partners.example', PASSWORD);
    for (const [who, client, expected] of [
      ['the uploader', partner, 200],
      ['the team', editor, 200],
      ['another partner', otherPartner, 404],
    ] as const) {
      const seen = await fetch(`${trust.server.url}${newPhoto}`, { headers: { cookie: client.cookie } });
      expect(seen.status, who).toBe(expected);
      if (expected === 200) expect(seen.headers.get('cache-control'), who).toBe('private, no-store');
    }

    const queued = await newestRequestId();
    const id = await pendingId();
    const detail = await editor.call('GET', `/api/admin/reviews/${id}`);
    expect(detail.body.changes).toContainEqual({ field: 'photo', before: oldPhoto, after: newPhoto });
    // The team's pages render it: the queue names the kind, the detail shows both photos.
    const queuePage = await editor.call('GET', '/admin/reviews');
    expect(queuePage.status).toBe(200);
    expect(queuePage.body).toContain('Trainer profile edit');
    const page = await editor.call('GET', `/admin/reviews/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Trainer profile edit for Dr. Tia Profile');
    expect(page.body).toContain(`src="${newPhoto}" alt="Proposed photo"`);
    expect(page.body).toContain(`src="${oldPhoto}" alt="Current photo"`);
    const approved = await editor.call('POST', `/api/admin/reviews/${id}/approve`, {}, await readVersion(id));
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(await newestRequestId()).toBeGreaterThan(queued);
    expect(await publicTrainer()).toMatchObject({ photo: newPhoto, bio: 'A bio and a face.' });
    expect(await status(oldPhoto)).toBe(404);
    // Approved: the live trainer row shows it, so anyone gets it, cached for a year.
    const live = await fetch(`${trust.server.url}${newPhoto}`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await mine()).toMatchObject({ reviewStatus: 'approved', photo: newPhoto });

    const { entries } = await history.list({
      entityType: 'trainer',
      entityId: trainerId,
      kind: 'records',
      page: 1,
      limit: 10,
    });
    expect(entries[0]).toMatchObject({ adminEmail: 'editor@profiles.example', proposedBy: PARTNER });
  });

  test('a team member’s edit of the profile applies at once (200), as before', async () => {
    const photo = (await publicTrainer()).photo;
    const saved = await owner.call('PATCH', `/api/admin/trainers/${trainerId}`, {
      ...profile,
      photo,
      bio: 'Set by the team.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.reviewStatus).toBeUndefined();
    expect((await publicTrainer()).bio).toBe('Set by the team.');
  });
});
