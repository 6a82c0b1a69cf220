import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/signIn/admins';
import { closeDb, getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { WRONG_CODES_BEFORE_LOCK, WRONG_CODES_PER_SIGN_IN } from '../../src/auth/codeGuessing';
import { runAdminCli } from '../support/adminCli';
import { browser, type Browser } from '../support/browserClient';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { startSmtp } from '../support/smtp';
import { createCredential } from '../support/softAuthenticator';

/**
 * A site as deployed (docs/security.md): SITE_URL on https and a real SMTP server on 127.0.0.1. The tests
 * talk plain http to the server on its loopback address, as a proxy that ends TLS would; a client
 * that is not a browser sends Secure cookies back over http too. The sign-in
 * cookies carry the __Host- prefix, and a member is mailed when a second factor of theirs is added or
 * removed, and when their codes are locked.
 */
// An https site on localhost: its test server is reached at http://localhost:{port}, an origin of the
// site (tests/support/server.ts), as a browser behind the site's proxy sends the site's own Host.
const SITE = 'https://localhost:4321';
const OWNER = 'owner@https.example';
const OWNER_PASSWORD = 'an https owner passphrase';
const PASSWORD = 'an https member passphrase';
const saved = { ...process.env };
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtp();
  database = await prepareTestDatabase();
  // Another SITE_URL is other code to the cache (its fingerprint): this start builds.
  server = await startServer({
    timeoutMs: 300_000,
    env: {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      SEED_DEMO: '0',
      REBUILD_DEBOUNCE_MS: '3600000',
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL: OWNER,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      SITE_URL: SITE,
      // None of the run's other origins: only this server's own address (tests/support/server.ts).
      PASSKEY_ORIGINS: '',
    },
  });
  // This file's own calls to the repositories reach the same database as its server.
  await closeDb();
  Object.assign(process.env, {
    DATA_DIR: server.dataDir,
    DATABASE_URL: database.url,
    SITE_URL: SITE,
    PASSKEY_ORIGINS: '',
  });
});

afterAll(async () => {
  await closeDb();
  process.env = saved;
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await database?.drop();
  await smtp?.stop();
});

const client = () => browser(server.url);

async function newMember(): Promise<{ email: string; b: Browser }> {
  const email = `member-${randomBytes(4).toString('hex')}@https.example`;
  await admins.insert(email, await hashPassword(PASSWORD));
  const b = client();
  expect((await b.call('POST', '/api/admin/login', { email, password: PASSWORD })).status).toBe(200);
  return { email, b };
}

const signedIn = async (b: Browser) => (await b.call('GET', '/api/admin/session')).body.authenticated as boolean;

/** The mails `to` has received so far, by subject, once there are `count` of them. */
async function mailsTo(to: string, count: number): Promise<{ subject: string; text: string }[]> {
  const mails = await waitFor(async () => {
    const found = smtp.received.filter((m) => m.to.includes(to));
    return found.length >= count ? found : null;
  }, 30_000);
  return mails!.map((m) => ({ subject: m.mail.subject ?? '', text: m.mail.text ?? '' }));
}

async function enrolTotp(b: Browser): Promise<string[]> {
  const { secret } = (await b.call('POST', '/api/admin/me/totp')).body;
  const verified = await b.call('POST', '/api/admin/me/totp/verify', { code: await generate({ secret }) });
  expect(verified.status).toBe(200);
  return verified.body.recoveryCodes;
}

describe('on an https site the sign-in cookies are __Host- cookies', () => {
  test('the session: Secure, Path=/, no Domain; the name without the prefix is not read; logout clears it', async () => {
    const b = client();
    const login = await b.call('POST', '/api/admin/login', { email: OWNER, password: OWNER_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.setCookies).toHaveLength(1);
    const cookie = login.setCookies[0]!;
    expect(cookie).toMatch(/^__Host-emdr_admin_session=[\w-]+\.[\w-]+; /);
    expect(cookie.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', 'Secure']));
    expect(cookie).not.toMatch(/domain=/i);
    expect(await signedIn(b)).toBe(true);

    // A cookie without the prefix could have been planted by a subdomain or a plain-http page.
    const planted = client();
    planted.cookies.set('emdr_admin_session', b.cookies.get('__Host-emdr_admin_session')!);
    expect(await signedIn(planted)).toBe(false);

    const logout = await b.call('POST', '/api/admin/logout');
    expect(logout.setCookies[0]).toMatch(/^__Host-emdr_admin_session=; Path=\/; .*Max-Age=0; Secure$/);
    expect(await signedIn(b)).toBe(false);
  });

  test('a sign-in waiting for its second factor: __Host-emdr_pending, which the code step reads', async () => {
    const member = await newMember();
    const recoveryCodes = await enrolTotp(member.b);
    const b = client();
    const password = await b.call('POST', '/api/admin/login', { email: member.email, password: PASSWORD });
    expect(password.body).toMatchObject({ twoFactorRequired: true });
    const pending = password.setCookies.find((c) => c.startsWith('__Host-emdr_pending='))!;
    expect(pending.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure']));
    expect(pending).not.toMatch(/domain=/i);
    const done = await b.call('POST', '/api/admin/login/second-factor', { code: recoveryCodes[0] });
    expect(done.status).toBe(200);
    expect(done.setCookies.map((c) => c.split('=')[0])).toEqual(['__Host-emdr_admin_session', '__Host-emdr_pending']);
    expect(await signedIn(b)).toBe(true);
  });
});

describe('a member is mailed about their own sign-in', () => {
  test('when a passkey or the authenticator app is added or removed', async () => {
    const member = await newMember();
    const options = await member.b.call('POST', '/api/admin/me/passkeys/options', {});
    const made = createCredential(options.body, SITE);
    const added = await member.b.call('POST', '/api/admin/me/passkeys', { name: 'Laptop', response: made.response });
    expect(added.status).toBe(201);
    expect((await member.b.call('DELETE', `/api/admin/me/passkeys/${added.body.id}`)).status).toBe(200);
    const recoveryCodes = await enrolTotp(member.b);
    expect((await member.b.call('DELETE', '/api/admin/me/totp', { code: recoveryCodes[0] })).status).toBe(200);

    const mails = await mailsTo(member.email, 4);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your EMDR Training admin sign-in changed: a passkey was added',
      'Your EMDR Training admin sign-in changed: a passkey was removed',
      'Your EMDR Training admin sign-in changed: an authenticator app was turned on',
      'Your EMDR Training admin sign-in changed: the authenticator app was turned off',
    ]);
    const addedMail = mails.find((m) => m.subject.endsWith('a passkey was added'))!;
    expect(addedMail.text).toContain(
      `A passkey named "Laptop" was added for the EMDR Training admin account ${member.email}`,
    );
    expect(addedMail.text).toContain('Sign out everywhere else');
    expect(addedMail.text).toContain(`${SITE}/admin/account`);
  });

  test('when the command line resets their password and removes their passkeys', async () => {
    const member = await newMember();
    const options = await member.b.call('POST', '/api/admin/me/passkeys/options', {});
    const made = createCredential(options.body, SITE);
    expect(
      (await member.b.call('POST', '/api/admin/me/passkeys', { name: 'Phone', response: made.response })).status,
    ).toBe(201);
    const env = { DATA_DIR: server.dataDir, DATABASE_URL: database.url, SMTP_URL: smtp.url, SITE_URL: SITE };
    const reset = await runAdminCli(
      ['reset-password', '--email', member.email, '--password', 'a brand new passphrase'],
      env,
    );
    expect(reset.code).toBe(0);
    expect(reset.output).toContain('they were mailed about it');
    const mails = await mailsTo(member.email, 2);
    expect(mails.map((m) => m.subject)).toContain(
      'Your EMDR Training admin sign-in changed: your passkeys were removed',
    );
  });

  test('when twenty wrong codes in a day lock their codes: one mail', async () => {
    const member = await newMember();
    await enrolTotp(member.b);
    const sql = await getSql();
    const b = client();
    const statuses: number[] = [];
    for (let i = 0; i < WRONG_CODES_BEFORE_LOCK; i++) {
      if (i % WRONG_CODES_PER_SIGN_IN === 0)
        await b.call('POST', '/api/admin/login', { email: member.email, password: PASSWORD });
      // The back-off's waits passed: its failures aged an hour (the lock's own count stays).
      await sql`update login_attempts set updated_at = now() - interval '2 hours', blocked_until = now() where key not like 'known:%'`;
      statuses.push((await b.call('POST', '/api/admin/login/second-factor', { code: '000000' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const mails = await mailsTo(member.email, 2);
    const locked = mails.filter((m) => m.subject === 'Sign-in codes for your EMDR Training admin account are locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]!.text).toContain(`After 20 wrong codes within 24 hours`);
    expect(locked[0]!.text).toContain('A passkey still signs you in.');
  });
});
