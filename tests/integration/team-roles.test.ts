import { runAdminCli } from '../support/adminCli';
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { adminClient, clientWithCookie, login, type AdminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import { startSmtp } from '../support/smtp';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import postgres from 'postgres';
import { generate } from 'otplib';
import { browser } from '../support/browserClient';
import { clientOptions, embeddedSocketDir, getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';

/**
 * The team (docs/product.md, The team): the owner invites, members accept and sign in with the
 * invited role, routes a role may not use answer 403, the owner is always there, removal ends
 * sessions, and invitations are mailed when SMTP_URL is set. On the run's real server and database.
 */
const base = () => process.env.TEST_BASE_URL!;
const OWNER = () => process.env.ADMIN_EMAIL!;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'a long team passphrase';
let owner: AdminClient;

/** The link's path on the test server (the link itself names SITE_URL). */
const pathOf = (url: string) => new URL(url).pathname;

async function accept(url: string, password = PASSWORD, origin = base()) {
  const token = pathOf(url).split('/').pop()!;
  return fetch(`${origin}/api/admin/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password }),
  });
}

/** Invites `email` as `role` and accepts: the new member's signed-in client. */
async function join(email: string, role: 'admin' | 'editor'): Promise<AdminClient> {
  const invited = await owner.call('POST', '/api/admin/invitations', { email, role });
  expect(invited.status).toBe(201);
  const accepted = await accept(invited.body.url);
  expect(accepted.status).toBe(201);
  return clientWithCookie(accepted.headers.get('set-cookie')!.split(';')[0]!);
}

/** Puts the team back as the other test files expect it: the run's admin is the only owner and member. */
async function restoreTeam() {
  const sql = await getSql();
  await sql.begin(async (tx) => {
    await tx`update admin_users set role = 'admin' where role = 'owner'`;
    await tx`update admin_users set role = 'owner' where lower(email) = lower(${OWNER()})`;
    await tx`delete from admin_users where email like '%@team.example'`;
    await tx`delete from admin_invitations`;
  });
}

beforeEach(async () => {
  await resetDatabase();
  await restoreTeam();
  owner = await adminClient();
});
afterAll(restoreTeam);

describe('an invited editor', () => {
  test('accepts, is signed in, edits the listings, and gets 403 on the team', async () => {
    const invited = await owner.call('POST', '/api/admin/invitations', { email: 'ed@team.example', role: 'editor' });
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({
      id: expect.any(String),
      url: expect.any(String),
      expiresAt: expect.any(String),
      emailed: false,
    });
    expect(invited.body.url).toMatch(/^http:\/\/localhost:4321\/admin\/invite\/[\w-]{43}$/);
    const hours = (Date.parse(invited.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const open = await owner.call('GET', '/api/admin/invitations');
    expect(open.body.invitations).toEqual([
      expect.objectContaining({ id: invited.body.id, email: 'ed@team.example', role: 'editor', invitedBy: OWNER() }),
    ]);

    // The page names who is invited as what, without a session.
    const page = await fetch(`${base()}${pathOf(invited.body.url)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('ed@team.example');
    expect(html).toContain('Editor');

    const tooShort = await accept(invited.body.url, 'short');
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).fieldErrors.password).toEqual(['Use a password of at least 12 characters']);

    const accepted = await accept(invited.body.url);
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual({ authenticated: true, admin: { email: 'ed@team.example' } });
    const editor = clientWithCookie(accepted.headers.get('set-cookie')!.split(';')[0]!);
    expect((await editor.call('GET', '/api/admin/session')).body).toEqual({
      authenticated: true,
      admin: { email: 'ed@team.example', role: 'editor' },
    });

    const trainer = await editor.call('POST', '/api/admin/trainers', validTrainer);
    expect(trainer.status).toBe(201);
    expect((await editor.call('POST', '/api/admin/trainings', validTraining(trainer.body.id))).status).toBe(201);
    expect((await editor.call('GET', '/api/admin/site-status')).status).toBe(200);
    expect((await editor.call('GET', '/api/admin/changes')).status).toBe(200);

    for (const [method, path, body] of [
      ['GET', '/api/admin/admins'],
      ['GET', '/api/admin/invitations'],
      ['POST', '/api/admin/invitations', { email: 'x@team.example', role: 'editor' }],
      ['DELETE', `/api/admin/invitations/${UNKNOWN}`],
      ['PATCH', `/api/admin/admins/${UNKNOWN}`, { role: 'owner' }],
      ['DELETE', `/api/admin/admins/${UNKNOWN}`],
    ] as const) {
      const answer = await editor.call(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({ error: 'Your role may not do this' });
    }

    // The Team page is refused and not linked; the owner's pages link it.
    const teamPage = await editor.call('GET', '/admin/team');
    expect(teamPage.status).toBe(403);
    expect(teamPage.body).toContain('Only the site');
    const editorDashboard = (await editor.call('GET', '/admin/dashboard')).body as string;
    expect(editorDashboard).toContain('href="/admin/trainers"');
    expect(editorDashboard).not.toContain('href="/admin/team"');
    // The alert figures are site-wide mail, not listings: not on an editor's dashboard.
    expect(editorDashboard).not.toContain('id="alerts-title"');
    const ownerDashboard = (await owner.call('GET', '/admin/dashboard')).body as string;
    expect(ownerDashboard).toContain('href="/admin/team"');
    expect(ownerDashboard).toContain('id="alerts-title"');

    // Once used, the link no longer works, and the page says so.
    expect((await accept(invited.body.url)).status).toBe(404);
    const usedPage = await fetch(`${base()}${pathOf(invited.body.url)}`);
    expect(usedPage.status).toBe(404);
    expect(await usedPage.text()).toContain('This invitation link is not valid');
    expect((await owner.call('GET', '/api/admin/invitations')).body.invitations).toEqual([]);

    const team = await owner.call('GET', '/api/admin/admins');
    expect(team.status).toBe(200);
    expect(team.body.admins).toEqual([
      {
        id: expect.any(String),
        email: OWNER(),
        role: 'owner',
        twoFactor: { totp: false, passkeys: 0 },
        lastSignInAt: expect.any(String),
      },
      {
        id: expect.any(String),
        email: 'ed@team.example',
        role: 'editor',
        twoFactor: { totp: false, passkeys: 0 },
        lastSignInAt: expect.any(String),
      },
    ]);
  });

  test('an admin may do everything but manage the team', async () => {
    const member = await join('ad@team.example', 'admin');
    expect((await member.call('GET', '/api/admin/trainers')).status).toBe(200);
    expect((await member.call('GET', '/api/admin/admins')).status).toBe(403);
    expect(
      (await member.call('POST', '/api/admin/invitations', { email: 'y@team.example', role: 'editor' })).status,
    ).toBe(403);
    expect((await member.call('GET', '/admin/team')).status).toBe(403);
  });

  test('a role change applies to the member’s next request', async () => {
    const member = await join('up@team.example', 'editor');
    const { id } = await teamMember('up@team.example');
    const changed = await owner.call('PATCH', `/api/admin/admins/${id}`, { role: 'admin' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, email: 'up@team.example', role: 'admin' });
    expect((await member.call('GET', '/api/admin/session')).body.admin.role).toBe('admin');
  });
});

async function teamMember(email: string): Promise<{ id: string; role: string }> {
  const team = await owner.call('GET', '/api/admin/admins');
  return team.body.admins.find((member: { email: string }) => member.email === email);
}

describe('invitation links', () => {
  test('a revoked link no longer works; revoking twice or an unknown id is 404', async () => {
    const invited = await owner.call('POST', '/api/admin/invitations', { email: 'rev@team.example', role: 'editor' });
    expect((await owner.call('DELETE', `/api/admin/invitations/${invited.body.id}`)).status).toBe(200);
    expect((await accept(invited.body.url)).status).toBe(404);
    expect((await fetch(`${base()}${pathOf(invited.body.url)}`)).status).toBe(404);
    expect((await owner.call('DELETE', `/api/admin/invitations/${invited.body.id}`)).status).toBe(404);
    expect((await owner.call('DELETE', `/api/admin/invitations/${UNKNOWN}`)).status).toBe(404);
    expect((await owner.call('DELETE', '/api/admin/invitations/not-a-uuid')).status).toBe(404);
    expect((await owner.call('GET', '/api/admin/invitations')).body.invitations).toEqual([]);
  });

  test('an expired link answers 410 and its page says it expired; an unknown link is 404', async () => {
    const invited = await owner.call('POST', '/api/admin/invitations', { email: 'late@team.example', role: 'admin' });
    const sql = await getSql();
    // 72 hours later, without waiting them.
    await sql`update admin_invitations set expires_at = now() - interval '1 minute' where id = ${invited.body.id}`;
    const late = await accept(invited.body.url);
    expect(late.status).toBe(410);
    expect((await late.json()).error).toMatch(/expired/);
    const page = await fetch(`${base()}${pathOf(invited.body.url)}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This invitation link has expired');
    expect((await login(base(), 'late@team.example', PASSWORD)).status).toBe(401);
    expect((await accept(`${base()}/admin/invite/${'A'.repeat(43)}`)).status).toBe(404);
  });

  test('a new invitation of the same role replaces the open one', async () => {
    const first = await owner.call('POST', '/api/admin/invitations', { email: 'twice@team.example', role: 'admin' });
    const second = await owner.call('POST', '/api/admin/invitations', { email: 'twice@team.example', role: 'admin' });
    expect(second.status).toBe(201);
    expect((await accept(first.body.url)).status).toBe(404);
    expect((await accept(second.body.url)).status).toBe(201);
    expect((await teamMember('twice@team.example')).role).toBe('admin');
  });

  test('an invitation of another role to an address with an open one is 409 naming its role; the open one stays', async () => {
    const team = await owner.call('POST', '/api/admin/invitations', { email: 'both@team.example', role: 'editor' });
    expect(team.status).toBe(201);
    const trainer = await owner.call('POST', '/api/admin/trainers', validTrainer);
    const admin = await join('second-admin@team.example', 'admin');
    for (const [by, body] of [
      [owner, { email: 'BOTH@team.example', role: 'admin' }],
      [admin, { email: 'both@team.example', role: 'partner', trainerIds: [trainer.body.id] }],
    ] as const) {
      const refused = await by.call('POST', '/api/admin/invitations', body);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(
        'This address already has an open invitation as editor: withdraw it first to invite them in another role',
      );
    }
    expect((await owner.call('GET', '/api/admin/invitations')).body.invitations).toEqual([
      expect.objectContaining({ email: 'both@team.example', role: 'editor' }),
    ]);
    // Withdrawn, the address may be invited in another role.
    expect((await owner.call('DELETE', `/api/admin/invitations/${team.body.id}`)).status).toBe(200);
    expect(
      (await owner.call('POST', '/api/admin/invitations', { email: 'both@team.example', role: 'admin' })).status,
    ).toBe(201);
  });

  test('members, owners and bad input are refused with field messages', async () => {
    const member = await owner.call('POST', '/api/admin/invitations', { email: OWNER().toUpperCase(), role: 'admin' });
    expect(member.status).toBe(400);
    expect(member.body.fieldErrors.email).toEqual(['Already a member of the team']);
    const asOwner = await owner.call('POST', '/api/admin/invitations', { email: 'o@team.example', role: 'owner' });
    expect(asOwner.status).toBe(400);
    expect(asOwner.body.fieldErrors.role).toEqual(['Choose Admin or Editor']);
    const badEmail = await owner.call('POST', '/api/admin/invitations', { email: 'nope', role: 'editor' });
    expect(badEmail.body.fieldErrors.email).toEqual(['Enter a valid email address']);
  });

  test('state-changing team calls from another site are refused', async () => {
    const foreign = await owner.call(
      'POST',
      '/api/admin/invitations',
      { email: 'f@team.example', role: 'editor' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.status).toBe(403);
    const invited = await owner.call('POST', '/api/admin/invitations', { email: 'f@team.example', role: 'editor' });
    const token = pathOf(invited.body.url).split('/').pop();
    const crossSite = await fetch(`${base()}/api/admin/invitations/${token}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(crossSite.status).toBe(403);
    expect((await accept(invited.body.url)).status).toBe(201);
  });
});

describe('the owner', () => {
  test('cannot demote or remove themselves as the only owner', async () => {
    const self = await teamMember(OWNER());
    const demoted = await owner.call('PATCH', `/api/admin/admins/${self.id}`, { role: 'admin' });
    expect(demoted.status).toBe(400);
    expect(demoted.body.error).toMatch(/needs an owner/);
    expect(demoted.body.fieldErrors.role).toHaveLength(1);
    const removed = await owner.call('DELETE', `/api/admin/admins/${self.id}`);
    expect(removed.status).toBe(400);
    expect(removed.body.error).toMatch(/needs an owner/);
    expect((await teamMember(OWNER())).role).toBe('owner');
    expect((await owner.call('PATCH', `/api/admin/admins/${UNKNOWN}`, { role: 'admin' })).status).toBe(404);
    expect((await owner.call('DELETE', `/api/admin/admins/${UNKNOWN}`)).status).toBe(404);
    expect((await owner.call('PATCH', `/api/admin/admins/${self.id}`, { role: 'boss' })).status).toBe(400);
  });

  test('hands ownership over: the new owner manages the team, the old one becomes an admin', async () => {
    const next = await join('next@team.example', 'admin');
    const nextId = (await teamMember('next@team.example')).id;
    const handed = await owner.call('PATCH', `/api/admin/admins/${nextId}`, { role: 'owner' });
    expect(handed.status).toBe(200);
    expect(handed.body.role).toBe('owner');
    expect((await owner.call('GET', '/api/admin/admins')).status).toBe(403);
    const team = await next.call('GET', '/api/admin/admins');
    expect(team.status).toBe(200);
    expect(team.body.admins.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['next@team.example', 'owner'],
      [OWNER(), 'admin'],
    ]);
  });

  test('removing a member ends their session and their sign-in', async () => {
    const member = await join('gone@team.example', 'editor');
    expect((await member.call('GET', '/api/admin/trainers')).status).toBe(200);
    const id = (await teamMember('gone@team.example')).id;
    const removed = await owner.call('DELETE', `/api/admin/admins/${id}`);
    expect(removed.status).toBe(200);
    expect((await member.call('GET', '/api/admin/trainers')).status).toBe(401);
    expect((await login(base(), 'gone@team.example', PASSWORD)).status).toBe(401);
    expect(await teamMember('gone@team.example')).toBeUndefined();
  });

  test('the security log holds the invitations, the role change and the removal, with no token', async () => {
    const sql = await getSql();
    // The history is not emptied between tests: only this test's entries.
    const [marker] = await sql<{ since: string }[]>`select coalesce(max(id), 0)::text as since from change_history`;
    const since = marker!.since;
    const invited = await owner.call('POST', '/api/admin/invitations', { email: 'log@team.example', role: 'editor' });
    await owner.call('DELETE', `/api/admin/invitations/${invited.body.id}`);
    await join('log@team.example', 'editor');
    const id = (await teamMember('log@team.example')).id;
    await owner.call('PATCH', `/api/admin/admins/${id}`, { role: 'admin' });
    await owner.call('DELETE', `/api/admin/admins/${id}`);
    const rows = await sql<
      { action: string; adminEmail: string; subjectEmail: string | null; clientAddress: string; detail: unknown }[]
    >`
      select action, admin_email, subject_email, client_address, detail from change_history
      where entity_type = 'security' and action not in ('sign-in', 'sign-in-failed') and id > ${since}::bigint
      order by id`;
    expect(rows.map((row) => [row.action, row.adminEmail, row.subjectEmail])).toEqual([
      ['invitation-created', OWNER(), 'log@team.example'],
      ['invitation-revoked', OWNER(), 'log@team.example'],
      ['invitation-created', OWNER(), 'log@team.example'],
      ['invitation-accepted', 'log@team.example', null],
      ['role-changed', OWNER(), 'log@team.example'],
      ['admin-removed', OWNER(), 'log@team.example'],
    ]);
    expect(rows[4]!.detail).toEqual({ from: 'editor', to: 'admin' });
    const token = pathOf(invited.body.url).split('/').pop()!;
    expect(JSON.stringify(rows)).not.toContain(token);
    for (const row of rows) expect(row.clientAddress).toMatch(/^127\.0\.0\.0\/24$|::\/48$/);
  });
});

/** `npm run admin -- …` against the run's database; its exit code and output. */
const cli = (...args: string[]) => runAdminCli(args);

describe('npm run admin -- create --role', () => {
  test('creates a member with that role; an owner takes over the ownership', async () => {
    const editor = await cli('create', '--email', 'cli-ed@team.example', '--password', PASSWORD, '--role', 'editor');
    expect(editor).toEqual({ code: 0, output: 'Editor created: cli-ed@team.example\n' });
    expect((await teamMember('cli-ed@team.example')).role).toBe('editor');
    const bad = await cli('create', '--email', 'cli-x@team.example', '--password', PASSWORD, '--role', 'boss');
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('--role must be one of owner, admin, editor');
    const newOwner = await cli('create', '--email', 'cli-own@team.example', '--password', PASSWORD, '--role', 'owner');
    expect(newOwner.code).toBe(0);
    expect(newOwner.output).toContain(`Ownership handed over: ${OWNER()} is now an admin.`);
    const next = await adminClient(base(), 'cli-own@team.example', PASSWORD);
    expect((await next.call('GET', '/api/admin/admins')).body.admins.map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'admin',
      'editor',
    ]);
    expect((await owner.call('GET', '/api/admin/admins')).status).toBe(403);
  });
});

describe('with SMTP_URL set', () => {
  const SITE_URL = 'http://localhost:4321';
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let database: TestDatabase;
  let server: RunningServer;
  const adminPassword = 'an owner passphrase for mail';

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
        SITE_URL,
        // The password-reset cases name their client address (X-Forwarded-For), IPv6 ones included.
        TRUST_PROXY: 'loopback',
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await database?.drop();
    await smtp?.stop();
  });

  test('the invitation is mailed to the invitee with its link', async () => {
    const mailOwner = await adminClient(server.url, 'owner@mail.example', adminPassword);
    const invited = await mailOwner.call('POST', '/api/admin/invitations', {
      email: 'new@mail.example',
      role: 'editor',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.emailed).toBe(true);
    const mail = (await waitFor(async () => smtp.received.find((m) => m.to.includes('new@mail.example'))))!;
    expect(mail.mail.subject).toBe('You are invited to the EMDR Training admin team (Editor)');
    expect(mail.mail.text).toContain(invited.body.url);
    expect(mail.mail.text).toContain('owner@mail.example invited you');
    expect((await accept(invited.body.url, PASSWORD, server.url)).status).toBe(201);
  });
  /** The server's own database (its PostgreSQL, or its embedded one on a socket in its DATA_DIR). */
  function serverSql() {
    return database.url
      ? postgres(database.url, { max: 1, onnotice: () => {} })
      : postgres({
          ...clientOptions(1),
          host: embeddedSocketDir(server.dataDir),
          port: 5432,
          database: 'postgres',
          username: 'postgres',
        });
  }
  const onServer = (link: string) => link.replace(SITE_URL, server.url);
  const resetMails = (to: string) =>
    smtp.received.filter((m) => m.to.includes(to) && m.mail.subject === 'Choose a new password for EMDR Training');
  /** The link in the newest reset mail to `to`, once it has arrived. */
  async function resetLink(to: string, count: number): Promise<string> {
    await waitFor(async () => resetMails(to).length >= count || undefined);
    const text = resetMails(to).at(-1)!.mail.text ?? '';
    const match = /http:\/\/localhost:4321\/(admin|account)\/reset-password\/[\w-]{43}/.exec(text);
    if (!match) throw new Error(`no reset link in:\n${text}`);
    return match[0];
  }
  const tokenOf = (link: string) => link.split('/').pop()!;
  async function newMember(email: string, role = 'editor') {
    const sql = serverSql();
    try {
      await sql`insert into admin_users (email, password_hash, role) values (${email}, ${await hashPassword(PASSWORD)}, ${role})`;
    } finally {
      await sql.end();
    }
  }

  describe('"Forgot password?"', () => {
    test('mails a single-use link that sets the password, ends every session and keeps two-factor sign-in', async () => {
      const email = 'forgot@mail.example';
      await newMember(email);
      const signedIn = browser(server.url);
      expect((await signedIn.call('POST', '/api/admin/login', { email, password: PASSWORD })).status).toBe(200);
      // Two-factor sign-in on, through the Account page's calls (a fresh sign-in is a step-up).
      const started = await signedIn.call('POST', '/api/admin/me/totp');
      expect(started.status).toBe(200);
      const verified = await signedIn.call('POST', '/api/admin/me/totp/verify', {
        code: await generate({ secret: started.body.secret }),
      });
      expect(verified.status).toBe(200);

      const asker = browser(server.url);
      const asked = await asker.call('POST', '/api/admin/password-reset', { email: 'FORGOT@mail.example' });
      expect(asked.status).toBe(202);
      const link = await resetLink(email, 1);
      expect(link).toMatch(/\/admin\/reset-password\//);
      const mail = resetMails(email)[0]!.mail;
      expect(mail.text).toContain('The link works once, until');
      // The link's page shows the form (the page names the account); nothing is signed in by it.
      const page = await fetch(onServer(link));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(email);

      const newPassword = 'a brand new forgotten passphrase';
      const short = await asker.call('POST', '/api/admin/password-reset/confirm', {
        token: tokenOf(link),
        password: 'short',
      });
      expect(short.status).toBe(400);
      expect(short.body.fieldErrors.password).toBeDefined();
      const set = await asker.call('POST', '/api/admin/password-reset/confirm', {
        token: tokenOf(link),
        password: newPassword,
      });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({
        message: 'Password changed. Sign in with your new password.',
        signIn: '/admin/login',
      });
      expect(set.setCookies).toEqual([]);

      // The old session ended; the old password no longer works; the new one still asks for the code.
      expect((await signedIn.call('GET', '/api/admin/session')).body).toEqual({ authenticated: false });
      expect((await browser(server.url).call('POST', '/api/admin/login', { email, password: PASSWORD })).status).toBe(
        401,
      );
      const again = await browser(server.url).call('POST', '/api/admin/login', { email, password: newPassword });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ twoFactorRequired: true });

      // The used link is refused, by the API and by its page.
      const reused = await asker.call('POST', '/api/admin/password-reset/confirm', {
        token: tokenOf(link),
        password: newPassword,
      });
      expect(reused.status).toBe(404);
      expect((await fetch(onServer(link))).status).toBe(404);

      // The security log has the request and the reset; the member was told their password changed.
      const owner = await adminClient(server.url, 'owner@mail.example', adminPassword);
      const requested = await owner.call('GET', '/api/admin/changes?type=password-reset-requested&limit=50');
      expect(requested.body.map((e: any) => e.type)).toContain('password-reset-requested');
      const reset = await owner.call('GET', '/api/admin/changes?type=password-reset&limit=50');
      expect(reset.body).toEqual([expect.objectContaining({ type: 'password-reset', adminEmail: email })]);
      await waitFor(
        async () =>
          smtp.received.some((m) => m.to.includes(email) && /your password was changed/.test(m.mail.subject ?? '')) ||
          undefined,
      );
    });

    test('answers the same for an address no member has, and mails nothing', async () => {
      const before = smtp.received.length;
      const asked = await browser(server.url).call('POST', '/api/admin/password-reset', {
        email: 'nobody@mail.example',
      });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({
        message:
          'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 1 hour.',
      });
      const bad = await browser(server.url).call('POST', '/api/admin/password-reset', { email: 'not an address' });
      expect(bad.status).toBe(400);
      // Proving that no mail comes has no event to wait on: give the sender half a second.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received.length).toBe(before);
    });

    test('a newer link replaces the older one, an expired link is refused with 410, a partner’s link says account', async () => {
      const email = 'partner-forgot@mail.example';
      await newMember(email, 'partner');
      const first = await browser(server.url).call('POST', '/api/admin/password-reset', { email });
      expect(first.status).toBe(202);
      const older = await resetLink(email, 1);
      expect(older).toMatch(/^http:\/\/localhost:4321\/account\/reset-password\//);
      await browser(server.url).call('POST', '/api/admin/password-reset', { email });
      const newer = await resetLink(email, 2);
      const refused = await browser(server.url).call('POST', '/api/admin/password-reset/confirm', {
        token: tokenOf(older),
        password: 'a replaced link passphrase',
      });
      expect(refused.status).toBe(404);
      const sql = serverSql();
      try {
        await sql`update password_resets set expires_at = now() - interval '1 minute' where used_at is null`;
      } finally {
        await sql.end();
      }
      const expired = await browser(server.url).call('POST', '/api/admin/password-reset/confirm', {
        token: tokenOf(newer),
        password: 'an expired link passphrase',
      });
      expect(expired.status).toBe(410);
      expect((await fetch(onServer(newer))).status).toBe(410);
    });

    test('is limited per account, and per client network with IPv6 counted by its /64', async () => {
      const email = 'limited@mail.example';
      await newMember(email);
      for (let i = 0; i < 5; i++) {
        const asked = await browser(server.url).call('POST', '/api/admin/password-reset', { email });
        expect(asked.status).toBe(202);
      }
      await resetLink(email, 3);
      // Proving that no fourth mail comes has no event to wait on: give the sender half a second.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(resetMails(email)).toHaveLength(3);

      // Ten requests from one /64, each from another address in it; the eleventh is held back.
      const network = (n: number) => browser(server.url, { ip: `2001:db8:aa:bb::${n.toString(16)}` });
      for (let n = 1; n <= 10; n++) {
        expect(
          (await network(n).call('POST', '/api/admin/password-reset', { email: `n${n}@mail.example` })).status,
        ).toBe(202);
      }
      const held = await network(99).call('POST', '/api/admin/password-reset', { email: 'n99@mail.example' });
      expect(held.status).toBe(429);
      expect(held.headers.get('retry-after')).toBe('3600');
      // The next /64 is another client.
      const other = browser(server.url, { ip: '2001:db8:aa:bc::1' });
      expect((await other.call('POST', '/api/admin/password-reset', { email: 'n1@mail.example' })).status).toBe(202);
    });
  });

  describe('"Change password" on the Account page', () => {
    test('needs a fresh step-up, ends the other sessions and keeps this one', async () => {
      const email = 'changer@mail.example';
      await newMember(email);
      const here = browser(server.url);
      const elsewhere = browser(server.url);
      expect((await here.call('POST', '/api/admin/login', { email, password: PASSWORD })).status).toBe(200);
      expect((await elsewhere.call('POST', '/api/admin/login', { email, password: PASSWORD })).status).toBe(200);
      const sql = serverSql();
      try {
        const id = here.cookies.get('emdr_admin_session')!.split('.')[0]!;
        await sql`update admin_sessions set stepped_up_at = now() - interval '11 minutes' where id = ${id}`;
      } finally {
        await sql.end();
      }
      const newPassword = 'a changed account passphrase';
      const stale = await here.call('PUT', '/api/admin/me/password', { password: newPassword });
      expect(stale.status).toBe(403);
      expect(stale.body.code).toBe('step_up_required');
      expect((await here.call('POST', '/api/admin/me/step-up', { password: PASSWORD })).status).toBe(200);
      const short = await here.call('PUT', '/api/admin/me/password', { password: 'short' });
      expect(short.status).toBe(400);
      const changed = await here.call('PUT', '/api/admin/me/password', { password: newPassword });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ ended: 1 });
      expect((await here.call('GET', '/api/admin/session')).body).toMatchObject({ authenticated: true });
      expect((await elsewhere.call('GET', '/api/admin/session')).body).toEqual({ authenticated: false });
      expect(
        (await browser(server.url).call('POST', '/api/admin/login', { email, password: newPassword })).status,
      ).toBe(200);
    });
  });
});
