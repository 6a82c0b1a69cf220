import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { adminClient, clientWithCookie, type AdminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import { startSmtp } from '../support/smtp';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { MAX_PHOTO_BYTES, PARTNER_OPEN_UPLOADS, PARTNER_UPLOAD_BYTES_PER_DAY } from '../../src/domain/trainers/photo';
import { UPLOAD_TTL_SECONDS } from '../../src/storage/types';

/**
 * Partner accounts (docs/product.md, Partners): the owner or an admin invites a partner for trainer
 * profiles, the partner accepts and is signed in, and sees only those profiles' trainings; the owner
 * and admins change the profiles or remove the partner (their sessions end); only the owner trusts
 * one, in the security log. On the run's real server and database, and a real SMTP server for the mail.
 */
const base = () => process.env.TEST_BASE_URL!;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'a long partner passphrase';
let owner: AdminClient;
let trainerA: string;
let trainerB: string;

async function accept(url: string, origin = base()) {
  const token = new URL(url).pathname.split('/').pop()!;
  return fetch(`${origin}/api/admin/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password: PASSWORD }),
  });
}

/** Invites `email` as a partner of `trainerIds` (as `by`) and accepts: the partner's signed-in client. */
async function invitePartner(email: string, trainerIds: string[], by = owner) {
  const invited = await by.call('POST', '/api/admin/invitations', { email, role: 'partner', trainerIds });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await accept(invited.body.url);
  expect(accepted.status).toBe(201);
  const partner = clientWithCookie(accepted.headers.get('set-cookie')!.split(';')[0]!);
  const id = (await owner.call('GET', '/api/admin/partners')).body.partners.find(
    (p: { email: string }) => p.email === email,
  ).id as string;
  return { partner, id, invited: invited.body, accepted: await accepted.json() };
}

/** A team member made as the CLI would, signed in. */
async function member(email: string, role: 'admin' | 'editor'): Promise<AdminClient> {
  const sql = await getSql();
  await sql`insert into admin_users (email, password_hash, role) values (${email}, ${await hashPassword(PASSWORD)}, ${role})`;
  return adminClient(base(), email, PASSWORD);
}

async function removeAccounts() {
  const sql = await getSql();
  await sql`delete from admin_users where email like '%@partners.example' or email like '%@team.example'`;
  await sql`delete from admin_invitations`;
}

const trainingIds = async (client: AdminClient) =>
  ((await client.call('GET', '/api/admin/trainings')).body as { trainerId: string }[]).map((t) => t.trainerId);

beforeEach(async () => {
  await resetDatabase();
  await removeAccounts();
  owner = await adminClient();
  trainerA = (await owner.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Dr. A' })).body.id;
  trainerB = (await owner.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Dr. B' })).body.id;
  for (const trainerId of [trainerA, trainerA, trainerB])
    expect((await owner.call('POST', '/api/admin/trainings', validTraining(trainerId))).status).toBe(201);
});
afterAll(async () => {
  await resetDatabase();
  await removeAccounts();
});

describe('inviting a partner', () => {
  test('names existing trainer profiles, at least one', async () => {
    const post = (body: object) =>
      owner.call('POST', '/api/admin/invitations', { email: 'p@partners.example', ...body });
    const none = await post({ role: 'partner', trainerIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors.trainerIds).toEqual(['Choose at least one trainer profile']);
    const missing = await post({ role: 'partner' });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.trainerIds).toBeDefined();
    const unknown = await post({ role: 'partner', trainerIds: [UNKNOWN] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ trainerIds: ['Trainer not found'] });
    // A team invitation keeps its own rules and messages.
    const team = await post({ role: 'nobody' });
    expect(team.body.fieldErrors.role).toEqual(['Choose Admin or Editor']);
  });

  test('accepting signs the partner in, lands on My trainings, and lists only A’s trainings', async () => {
    const { partner, invited, accepted } = await invitePartner('p@partners.example', [trainerA]);
    expect(invited.url).toMatch(/^http:\/\/localhost:4321\/account\/invite\/[\w-]{43}$/);
    expect((Date.parse(invited.expiresAt) - Date.now()) / 3_600_000).toBeGreaterThan(71.9);
    expect(accepted).toEqual({
      authenticated: true,
      admin: { email: 'p@partners.example' },
      home: '/account/trainings',
    });
    expect((await partner.call('GET', '/api/admin/session')).body).toEqual({
      authenticated: true,
      admin: { email: 'p@partners.example', role: 'partner' },
    });
    expect(await trainingIds(partner)).toEqual([trainerA, trainerA]);
    // Single use: the link does not work twice.
    expect((await accept(invited.url)).status).toBe(404);
    // Signing in again lands on the same page.
    const login = await fetch(`${base()}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({ email: 'p@partners.example', password: PASSWORD }),
    });
    expect(await login.json()).toEqual({
      authenticated: true,
      admin: { email: 'p@partners.example' },
      home: '/account/trainings',
    });
  });

  test('an admin invites partners but not the team; an editor invites no one', async () => {
    const admin = await member('admin@team.example', 'admin');
    const editor = await member('editor@team.example', 'editor');
    const { partner } = await invitePartner('q@partners.example', [trainerB], admin);
    expect(await trainingIds(partner)).toEqual([trainerB]);
    const team = await admin.call('POST', '/api/admin/invitations', { email: 'x@team.example', role: 'editor' });
    expect(team.status).toBe(403);
    const byEditor = await editor.call('POST', '/api/admin/invitations', {
      email: 'r@partners.example',
      role: 'partner',
      trainerIds: [trainerA],
    });
    expect(byEditor.status).toBe(403);
    expect((await editor.call('GET', '/api/admin/partners')).status).toBe(403);
  });
});

describe('what visitors reported', () => {
  test('a partner sees the reports about their own training, and never the reporter’s address', async () => {
    const { partner } = await invitePartner('p@partners.example', [trainerA]);
    const trainings = (await partner.call('GET', '/api/admin/trainings')).body as { id: string }[];
    const sql = await getSql();
    await sql`insert into listing_reports (training_id, reason, details, reporter_email)
      values (${trainings[0]!.id}, 'dates-or-price', ${'The dates changed to <b>May</b> https://evil.example'}, 'visitor@reporter.example')`;
    await sql`insert into listing_reports (training_id, reason, details, status, note, closed_at, closed_by)
      values (${trainings[0]!.id}, 'register-link', null, 'fixed', 'The link works again.', now(), 'owner@site.example')`;
    const page = await partner.call('GET', `/account/trainings/${trainings[0]!.id}`);
    expect(page.status).toBe(200);
    const html = page.body as string;
    expect(html).toContain('Reports about this listing');
    expect(html).toContain('Wrong dates or price');
    // The visitor's words are plain text, escaped, and no link is made of them.
    expect(html).toContain('The dates changed to &lt;b&gt;May&lt;/b&gt; https://evil.example');
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain('Fixed on');
    expect(html).toContain('The link works again.');
    expect(html).not.toContain('visitor@reporter.example');
    // Another trainer's training: not found, and nothing of its reports.
    const others = (await owner.call('GET', '/api/admin/trainings')).body as { id: string; trainerId: string }[];
    const ofB = others.find((t) => t.trainerId === trainerB)!;
    expect((await partner.call('GET', `/account/trainings/${ofB.id}`)).status).toBe(404);
  });
});

describe('managing a partner', () => {
  test('the owner or an admin adds and removes profiles; none left ends their sessions', async () => {
    const { partner, id } = await invitePartner('p@partners.example', [trainerA]);
    const admin = await member('admin@team.example', 'admin');
    const both = await admin.call('PUT', `/api/admin/partners/${id}/trainers`, { trainerIds: [trainerA, trainerB] });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ id, email: 'p@partners.example', trusted: false });
    expect([...both.body.trainerIds].sort()).toEqual([trainerA, trainerB].sort());
    expect((await trainingIds(partner)).sort()).toEqual([trainerA, trainerA, trainerB].sort());

    const onlyB = await owner.call('PUT', `/api/admin/partners/${id}/trainers`, { trainerIds: [trainerB] });
    expect(onlyB.body.trainerIds).toEqual([trainerB]);
    expect(await trainingIds(partner)).toEqual([trainerB]);
    expect((await owner.call('GET', `/api/admin/partners?trainerId=${trainerA}`)).body.partners).toEqual([]);
    expect((await owner.call('GET', `/api/admin/partners?trainerId=${trainerB}`)).body.partners).toHaveLength(1);

    const unknown = await owner.call('PUT', `/api/admin/partners/${id}/trainers`, { trainerIds: [UNKNOWN] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ trainerIds: ['Trainer not found'] });
    // A team member is not a partner: 404, as any unknown id.
    const ownerId = (await owner.call('GET', '/api/admin/admins')).body.admins[0].id as string;
    expect((await owner.call('PUT', `/api/admin/partners/${ownerId}/trainers`, { trainerIds: [] })).status).toBe(404);

    expect((await partner.call('GET', '/api/admin/session')).body.authenticated).toBe(true);
    expect((await owner.call('PUT', `/api/admin/partners/${id}/trainers`, { trainerIds: [] })).status).toBe(200);
    expect((await partner.call('GET', '/api/admin/session')).body).toEqual({ authenticated: false });
  });

  test('removing a partner ends their sessions', async () => {
    const { partner, id } = await invitePartner('p@partners.example', [trainerA]);
    expect((await partner.call('GET', '/api/admin/trainings')).status).toBe(200);
    // Not one of the team: the Team routes do not know the id.
    expect((await owner.call('PATCH', `/api/admin/admins/${id}`, { role: 'editor' })).status).toBe(404);
    expect((await owner.call('DELETE', `/api/admin/admins/${id}`)).status).toBe(404);
    expect((await owner.call('DELETE', `/api/admin/partners/${id}`)).body).toEqual({ deleted: id });
    expect((await partner.call('GET', '/api/admin/trainings')).status).toBe(401);
    expect((await owner.call('GET', '/api/admin/partners')).body.partners).toEqual([]);
    expect((await owner.call('DELETE', `/api/admin/partners/${id}`)).status).toBe(404);
    const removed = (await owner.call('GET', '/api/admin/changes?kind=security&type=admin-removed')).body;
    expect(removed[0]).toMatchObject({ type: 'admin-removed', subject: { email: 'p@partners.example' } });
  });

  test('only the owner marks a partner trusted, and the security log says so', async () => {
    const { id } = await invitePartner('p@partners.example', [trainerA]);
    const admin = await member('admin@team.example', 'admin');
    expect((await admin.call('PATCH', `/api/admin/partners/${id}`, { trusted: true })).status).toBe(403);
    expect((await owner.call('PATCH', `/api/admin/partners/${id}`, { trusted: 'yes' })).status).toBe(400);
    const trusted = await owner.call('PATCH', `/api/admin/partners/${id}`, { trusted: true });
    expect(trusted.status).toBe(200);
    expect(trusted.body).toMatchObject({ id, trusted: true, trainerIds: [trainerA] });
    const log = (await owner.call('GET', '/api/admin/changes?kind=security&type=partner-trust-changed')).body;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      type: 'partner-trust-changed',
      adminEmail: process.env.ADMIN_EMAIL,
      subject: { id, email: 'p@partners.example' },
      detail: { trusted: true },
    });
  });
});

describe('a partner’s upload quota', () => {
  const mint = (client: AdminClient) => client.call('POST', '/api/admin/objects/upload');

  test(`a partner has ${PARTNER_OPEN_UPLOADS} upload URLs under way at most; the next is 429 saying when to try again`, async () => {
    const { partner } = await invitePartner('uploads@partners.example', [trainerA]);
    for (let i = 0; i < PARTNER_OPEN_UPLOADS; i++) expect((await mint(partner)).status).toBe(200);
    const refused = await mint(partner);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(UPLOAD_TTL_SECONDS - 60);
    expect(wait).toBeLessThanOrEqual(UPLOAD_TTL_SECONDS);
    expect(refused.body.error).toMatch(
      new RegExp(
        `^You have ${PARTNER_OPEN_UPLOADS} uploads under way\\. Finish one, or upload again after \\d\\d:\\d\\d UTC\\.$`,
      ),
    );
    // The team has no quota.
    for (let i = 0; i < PARTNER_OPEN_UPLOADS + 2; i++) expect((await mint(owner)).status).toBe(200);
  });

  test('a partner uploads a day’s bytes at most; the next is 429 until the oldest upload is a day old', async () => {
    const { partner, id } = await invitePartner('bytes@partners.example', [trainerB]);
    const sql = await getSql();
    // Earlier uploads of the day: all but one whole photo of the day's bytes, the first 20 hours ago.
    const photos = PARTNER_UPLOAD_BYTES_PER_DAY / MAX_PHOTO_BYTES - 1;
    for (let i = 0; i < photos; i++)
      await sql`insert into photo_objects (key, kind, uploaded_by, bytes, created_at)
                values (${`${i}`.padStart(32, 'c')}, 'photo', ${id}, ${MAX_PHOTO_BYTES},
                        now() - ${i === 0 ? '20 hours' : '1 hour'}::interval)`;
    expect((await mint(partner)).status).toBe(200);
    const refused = await mint(partner);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(Math.abs(wait - 4 * 3600)).toBeLessThan(120);
    expect(refused.body.error).toMatch(
      /^You have uploaded 30 MB of photos in the last 24 hours\. You can upload again after \d\d:\d\d UTC\.$/,
    );
    await sql`delete from photo_objects where uploaded_by = ${id}`;
  });
});

describe('a partner invitation by mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let database: TestDatabase;
  let server: RunningServer;
  const adminPassword = 'mail owner passphrase 1';

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await prepareTestDatabase();
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        SEED_DEMO: '0',
        REBUILD_DEBOUNCE_MS: '3600000',
        ADMIN_EMAIL: 'owner@mail.example',
        ADMIN_PASSWORD: adminPassword,
        SITE_URL: 'http://localhost:4321',
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await database?.drop();
    await smtp?.stop();
  });

  test('arrives at the SMTP server and says they will manage their trainer listings', async () => {
    const mailOwner = await adminClient(server.url, 'owner@mail.example', adminPassword);
    const trainer = await mailOwner.call('POST', '/api/admin/trainers', validTrainer);
    const invited = await mailOwner.call('POST', '/api/admin/invitations', {
      email: 'trainer@partners.example',
      role: 'partner',
      trainerIds: [trainer.body.id],
    });
    expect(invited.status).toBe(201);
    expect(invited.body.emailed).toBe(true);
    const mail = (await waitFor(async () => smtp.received.find((m) => m.to.includes('trainer@partners.example'))))!;
    expect(mail.mail.subject).toBe('You are invited to manage your trainer listings on EMDR Training');
    expect(mail.mail.text).toContain(invited.body.url);
    expect(mail.mail.text).toContain('owner@mail.example invited you to manage your trainer listings');
    expect(mail.mail.text).not.toContain('admin');
    expect((await accept(invited.body.url, server.url)).status).toBe(201);
  });
});
