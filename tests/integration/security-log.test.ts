import { generate } from 'otplib';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/signIn/admins';
import { hashPassword } from '../../src/auth/passwords';
import { getSql } from '../../src/data/database/db';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTrainer } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import { createCredential } from '../support/softAuthenticator';
import { runAdminCli } from '../support/adminCli';
import { pruneUnknownEmailEntries } from '../../src/auth/securityLog';

/** Security events in the change history: listed, filtered and exported, without a secret (docs/product.md). */
const base = () => process.env.TEST_BASE_URL!;
let owner: AdminClient;

beforeEach(async () => {
  await resetDatabase();
  // Security entries of earlier files would only add noise to the counts below.
  const sql = await getSql();
  await sql`delete from change_history where entity_type = 'security'`;
  owner = await adminClient();
});

/** A sign-in as the browser sends it, from the address a trusted proxy names. */
const signIn = (email: string, password: string, from: string) =>
  fetch(`${base()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base(), 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });

const security = async (query = '') => {
  const answer = await owner.call('GET', `/api/admin/changes?kind=security&limit=100${query}`);
  expect(answer.status).toBe(200);
  return answer.body as any[];
};

describe('security log', () => {
  test('failed and successful sign-ins are listed with the address truncated, and nothing secret', async () => {
    const wrong = 'Wrong-Password-123!';
    expect((await signIn(process.env.ADMIN_EMAIL!, wrong, '203.0.113.77')).status).toBe(401);
    expect((await signIn('nobody@example.org', wrong, '2001:db8:85a3:8d3::7348')).status).toBe(401);
    expect((await signIn(process.env.ADMIN_EMAIL!, process.env.ADMIN_PASSWORD!, '::ffff:198.51.100.23')).status).toBe(
      200,
    );

    const entries = await security();
    const [success, unknown, failed] = entries.slice(0, 3);
    expect(success).toMatchObject({
      entityType: 'security',
      type: 'sign-in',
      adminEmail: process.env.ADMIN_EMAIL,
      clientAddress: '198.51.100.0/24',
      detail: { method: 'password' },
    });
    expect(unknown).toMatchObject({
      type: 'sign-in-failed',
      adminEmail: 'nobody@example.org',
      clientAddress: '2001:db8:85a3::/48',
      detail: { reason: 'unknown-email' },
    });
    expect(failed).toMatchObject({
      type: 'sign-in-failed',
      adminEmail: process.env.ADMIN_EMAIL,
      clientAddress: '203.0.113.0/24',
      detail: { reason: 'wrong-password' },
    });
    expect(Date.parse(failed.changedAt)).toBeGreaterThan(Date.now() - 120_000);

    // The client's own sign-in (beforeEach) came straight from the test: 127.0.0.1.
    expect(entries.at(-1)).toMatchObject({ type: 'sign-in', clientAddress: '127.0.0.0/24' });

    const whole = JSON.stringify(entries);
    expect(whole).not.toContain(wrong);
    expect(whole).not.toContain(process.env.ADMIN_PASSWORD!);
    expect(whole).not.toContain('203.0.113.77');
    const csv = await (
      await fetch(`${base()}/api/admin/changes.csv?kind=security`, { headers: { cookie: owner.cookie } })
    ).text();
    expect(csv).not.toContain(wrong);
    expect(csv).not.toContain(process.env.ADMIN_PASSWORD!);
  });

  test('filters by type and by actor (email or member id); records stay the default', async () => {
    await signIn(process.env.ADMIN_EMAIL!, 'not-it', '203.0.113.5');
    await signIn('Other@Example.org', 'not-it', '203.0.113.6');

    const failures = await security('&type=sign-in-failed');
    expect(failures.map((e) => e.adminEmail).sort()).toEqual([process.env.ADMIN_EMAIL, 'Other@Example.org'].sort());
    // A security type alone picks the security events.
    const byType = await owner.call('GET', '/api/admin/changes?type=sign-in-failed');
    expect(byType.body).toHaveLength(2);
    expect(byType.headers.get('x-total-count')).toBe('2');

    const byEmail = await owner.call('GET', '/api/admin/changes?type=sign-in-failed&actor=other@example.org');
    expect(byEmail.body.map((e: any) => e.adminEmail)).toEqual(['Other@Example.org']);

    const ownerId = (await admins.findByEmail(process.env.ADMIN_EMAIL!))!.id;
    const byId = await security(`&actor=${ownerId}`);
    expect(byId.map((e) => e.type).sort()).toEqual(['sign-in', 'sign-in-failed']);

    // Without kind or a security type the history answers the records' changes, as it always has.
    const records = await owner.call('GET', '/api/admin/changes?limit=100');
    expect(records.body.every((e: any) => e.entityType !== 'security')).toBe(true);
    const all = await owner.call('GET', '/api/admin/changes?kind=all&limit=100');
    expect(all.body.filter((e: any) => e.entityType === 'security')).toHaveLength(3);
  });

  test('unknown or contradictory filters are 400 naming the field', async () => {
    for (const [query, field] of [
      ['type=sign-in-lost', 'type'],
      ['kind=secrets', 'kind'],
      ['kind=records&type=sign-in', 'type'],
      ['kind=security&type=create', 'type'],
      ['kind=security&entityType=trainer', 'entityType'],
      ['actor=robert', 'actor'],
    ]) {
      const answer = await owner.call('GET', `/api/admin/changes?${query}`);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.fieldErrors), query).toContain(field);
      const csv = await owner.call('GET', `/api/admin/changes.csv?${query}`);
      expect(csv.status, query).toBe(400);
    }
    expect((await owner.call('GET', '/api/admin/changes.csv?page=2')).status).toBe(400);
  });

  test('the CSV export: a download with a header row, RFC 4180 quoting and no formulas', async () => {
    await signIn('=1+2@example.org', 'nope', '203.0.113.9');
    const trainer = await owner.call('POST', '/api/admin/trainers', {
      ...validTrainer,
      name: '=HYPERLINK("http://evil.example", "a, b")',
    });
    expect(trainer.status).toBe(201);
    const response = await fetch(`${base()}/api/admin/changes.csv?kind=all`, { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="security-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('time,type,label,actor,client_address,subject,record_type,record_id,record,detail');
    // Newest first: the trainer, the failed sign-in, the client's own sign-in (then older files' record
    // changes: the history is not emptied between files); every line ends in CRLF.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(lines[1]).toBe(
      `${lines[1]!.slice(0, 24)},create,create,${process.env.ADMIN_EMAIL},,,trainer,${trainer.body.id},"'=HYPERLINK(""http://evil.example"", ""a, b"")",`,
    );
    expect(lines[2]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z,sign-in-failed,Sign-in failed,"'=1\+2@example\.org",203\.0\.113\.0\/24,,,,,reason=unknown-email$/,
    );
    expect(lines[3]).toContain(',sign-in,Signed in,');
  });

  test('a history longer than one batch is exported whole, newest first', async () => {
    const sql = await getSql();
    await sql`
      insert into change_history (admin_email, entity_type, action, client_address, detail)
      select 'bulk' || n || '@example.org', 'security', 'sign-in-failed', '192.0.2.0/24', '{"reason":"unknown-email"}'
      from generate_series(1, 1203) as n`;
    const response = await fetch(`${base()}/api/admin/changes.csv?type=sign-in-failed`, {
      headers: { cookie: owner.cookie },
    });
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1203);
    expect(lines[1]).toContain('bulk1203@example.org');
    expect(lines.at(-1)).toContain('bulk1@example.org');
  });

  test('editors read the records’ history but not the security log; anonymous is 401', async () => {
    const password = 'Editor-Password-456!';
    const email = `editor-${Date.now()}@example.org`;
    await admins.insert(email, await hashPassword(password), 'editor');
    const editor = await adminClient(base(), email, password);
    expect((await editor.call('GET', '/api/admin/changes')).status).toBe(200);
    for (const path of [
      '/api/admin/changes?kind=security',
      '/api/admin/changes?type=sign-in',
      '/api/admin/changes?kind=all',
      '/api/admin/changes.csv?kind=security',
    ]) {
      const answer = await editor.call('GET', path);
      expect(answer.status, path).toBe(403);
      expect(answer.body, path).toEqual({ error: expect.any(String) });
    }
    expect((await editor.call('GET', '/api/admin/changes.csv')).status).toBe(200);
    expect((await fetch(`${base()}/api/admin/changes.csv`)).status).toBe(401);
  });
});

/** A browser in miniature: its own client address (X-Forwarded-For) and the cookies the server set. */
function browser(ip: string) {
  const jar = new Map<string, string>();
  return async (method: string, path: string, body?: unknown) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: {
        origin: base(),
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    return {
      status: response.status,
      body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text,
    };
  };
}

const MEMBER = 'story@security-log.example';
const removeMember = async () => {
  const sql = await getSql();
  await sql`delete from admin_users where email = ${MEMBER}`;
  await sql`delete from admin_invitations where email = ${MEMBER}`;
};
afterAll(removeMember);

describe('the team’s security events', () => {
  test('an invitation, its acceptance, TOTP, a passkey, a recovery-code sign-in, a role change and a removal are all listed, with no secret', async () => {
    await removeMember();
    const ownerBrowser = browser('203.0.113.10');
    const password = 'a story member passphrase';
    expect(
      (
        await ownerBrowser('POST', '/api/admin/login', {
          email: process.env.ADMIN_EMAIL,
          password: process.env.ADMIN_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const invited = await ownerBrowser('POST', '/api/admin/invitations', { email: MEMBER, role: 'editor' });
    expect(invited.status).toBe(201);
    const token = new URL(invited.body.url).pathname.split('/').pop()!;

    const member = browser('2001:db8:1234:5678::9');
    expect((await member('POST', `/api/admin/invitations/${token}/accept`, { password })).status).toBe(201);
    const { secret } = (await member('POST', '/api/admin/me/totp')).body;
    const verified = await member('POST', '/api/admin/me/totp/verify', { code: await generate({ secret }) });
    expect(verified.status).toBe(200);
    const recoveryCodes: string[] = verified.body.recoveryCodes;
    const options = await member('POST', '/api/admin/me/passkeys/options', {});
    const made = createCredential(options.body, new URL(process.env.SITE_URL!).origin);
    expect(
      (await member('POST', '/api/admin/me/passkeys', { name: 'Story key', response: made.response })).status,
    ).toBe(201);
    await member('POST', '/api/admin/logout');
    expect((await member('POST', '/api/admin/login', { email: MEMBER, password })).body).toMatchObject({
      twoFactorRequired: true,
    });
    expect((await member('POST', '/api/admin/login/second-factor', { code: recoveryCodes[0] })).status).toBe(200);

    const memberId = (await admins.findByEmail(MEMBER))!.id;
    expect((await ownerBrowser('PATCH', `/api/admin/admins/${memberId}`, { role: 'admin' })).status).toBe(200);
    const ownerId = (await admins.findByEmail(process.env.ADMIN_EMAIL!))!.id;
    expect(
      (await ownerBrowser('PATCH', `/api/admin/admins/${ownerId}`, { role: 'editor' })).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await ownerBrowser('DELETE', `/api/admin/admins/${memberId}`)).status).toBe(200);

    // Read after the removal: the entries outlive the member.
    const entries = (await security()).reverse();
    const story = entries
      .filter((e) => e.adminEmail === MEMBER || e.subject?.email === MEMBER)
      .map((e) => [e.type, e.adminEmail, e.subject?.email ?? null, e.clientAddress]);
    const OWNER = process.env.ADMIN_EMAIL;
    expect(story).toEqual([
      ['invitation-created', OWNER, MEMBER, '203.0.113.0/24'],
      ['invitation-accepted', MEMBER, null, '2001:db8:1234::/48'],
      // Accepting signs the new member in.
      ['sign-in', MEMBER, null, '2001:db8:1234::/48'],
      ['totp-enabled', MEMBER, null, '2001:db8:1234::/48'],
      ['passkey-added', MEMBER, null, '2001:db8:1234::/48'],
      ['sign-out', MEMBER, null, '2001:db8:1234::/48'],
      ['recovery-code-used', MEMBER, null, '2001:db8:1234::/48'],
      ['sign-in', MEMBER, null, '2001:db8:1234::/48'],
      ['role-changed', OWNER, MEMBER, '203.0.113.0/24'],
      ['admin-removed', OWNER, MEMBER, '203.0.113.0/24'],
    ]);
    // The owner's refused self-demotion changed nothing and logged no role change of the owner.
    expect(entries.filter((e) => e.type === 'role-changed')).toHaveLength(1);

    const mine = await security(`&actor=${encodeURIComponent(MEMBER)}`);
    expect(mine.every((e) => e.adminEmail === MEMBER)).toBe(true);
    expect(mine.find((e) => e.type === 'sign-in')?.detail).toEqual({ method: 'recovery' }); // newest first

    const csv = await (
      await fetch(`${base()}/api/admin/changes.csv?kind=all`, { headers: { cookie: owner.cookie } })
    ).text();
    for (const secretText of [password, secret, token, ...recoveryCodes]) {
      expect(JSON.stringify(entries)).not.toContain(secretText);
      expect(csv).not.toContain(secretText);
    }
  });
});

describe('what the security log also records (docs/security.md)', () => {
  const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  test('a member created and a password reset with the command line are logged as its doing', async () => {
    const email = `cli-${unique()}@security-log.example`;
    const created = await runAdminCli([
      'create',
      '--email',
      email,
      '--password',
      'a long cli passphrase',
      '--role',
      'editor',
    ]);
    expect(created.code, created.output).toBe(0);
    const reset = await runAdminCli(['reset-password', '--email', email, '--password', 'another long passphrase']);
    expect(reset.code, reset.output).toBe(0);

    const entries = (await security()).filter((e) => e.subject?.email === email).reverse();
    expect(entries.map((e) => [e.type, e.adminEmail, e.clientAddress])).toEqual([
      ['member-created', 'command line', 'command line'],
      ['password-reset', 'command line', 'command line'],
    ]);
    expect(entries[0].detail).toEqual({ role: 'editor' });
    const csv = await (
      await fetch(`${base()}/api/admin/changes.csv?kind=security`, { headers: { cookie: owner.cookie } })
    ).text();
    expect(csv).not.toContain('a long cli passphrase');
    expect(csv).not.toContain('another long passphrase');
    const sql = await getSql();
    await sql`delete from admin_users where email = ${email}`;
  });

  test('a sign-out is logged with the member and the network it came from', async () => {
    const b = browser('198.51.100.150');
    await b('POST', '/api/admin/login', { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD });
    expect((await b('POST', '/api/admin/logout')).status).toBe(200);
    const [newest] = await security();
    expect(newest).toMatchObject({
      type: 'sign-out',
      adminEmail: process.env.ADMIN_EMAIL,
      clientAddress: '198.51.100.0/24',
    });
  });

  test('held-back sign-ins are logged once per account and once per network an hour, not once per request', async () => {
    const unknown = `nobody-${unique()}@example.org`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(unknown, 'Wrong-Password-1!', '198.51.100.61')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The same account from another network: held back again, not logged again.
    expect((await signIn(unknown, 'Wrong-Password-1!', '203.0.113.61')).status).toBe(429);
    // The first network sprays other emails until its own back-off holds it: no entry per email.
    const sprayed: number[] = [];
    for (let i = 0; i < 6; i++) {
      sprayed.push((await signIn(`spray-${i}-${unique()}@example.org`, 'Wrong-Password-1!', '198.51.100.61')).status);
    }
    expect(sprayed).toEqual([401, 401, 401, 401, 401, 429]);

    const held = (await security('&type=sign-in-throttled')).filter((e) => e.type === 'sign-in-throttled');
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      adminEmail: unknown,
      clientAddress: '198.51.100.0/24',
      detail: { method: 'password', reason: 'unknown-email', retryAfterSeconds: expect.any(Number) },
    });

    // A member held back from a network of its own gets an entry of its own, naming the member.
    const email = `held-${unique()}@security-log.example`;
    const member = await admins.insert(email, await hashPassword('the right passphrase'), 'editor');
    for (let i = 0; i < 6; i++) await signIn(email, 'Wrong-Password-1!', '192.0.2.61');
    const mine = (await security(`&type=sign-in-throttled&actor=${encodeURIComponent(email)}`)).filter(
      (e) => e.type === 'sign-in-throttled',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0].detail).toEqual({ method: 'password', retryAfterSeconds: expect.any(Number) });
    const sql = await getSql();
    await sql`delete from admin_users where id = ${member.id}`;
  });

  test('entries about unknown emails are deleted after 90 days; a member’s entries stay', async () => {
    const sql = await getSql();
    const old = (email: string, action: string, reason: string, days: number) => sql`
      insert into change_history (changed_at, admin_email, entity_type, action, client_address, detail)
      values (now() - ${days}::int * interval '1 day', ${email}, 'security', ${action}, '192.0.2.0/24',
              ${sql.json({ reason })})`;
    await old('gone@example.org', 'sign-in-failed', 'unknown-email', 91);
    await old('gone-too@example.org', 'sign-in-throttled', 'unknown-email', 120);
    await old('kept@example.org', 'sign-in-failed', 'unknown-email', 89);
    await old(process.env.ADMIN_EMAIL!, 'sign-in-failed', 'wrong-password', 400);

    expect(await pruneUnknownEmailEntries()).toBe(2);
    const left = await sql<{ adminEmail: string }[]>`
      select admin_email from change_history where entity_type = 'security' and client_address = '192.0.2.0/24'`;
    expect(left.map((row) => row.adminEmail).sort()).toEqual([process.env.ADMIN_EMAIL, 'kept@example.org'].sort());
  });
});
