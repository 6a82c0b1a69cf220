import { runAdminCli } from '../support/adminCli';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/signIn/admins';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { FREE_FAILURES_PER_ACCOUNT } from '../../src/auth/throttle';
import { resetDatabase } from '../support/reset';
import { normalizeRecoveryCode } from '../../src/auth/recoveryCodes';
import { sealStoredSecrets } from '../../src/data/secrets/secretsAtRest';
import { SecretsKeyError } from '../../src/data/secrets/secretsKey';

/**
 * Two-factor sign-in through the real server (docs/product.md, "Two-factor sign-in"): TOTP
 * enrolment, the pending step after the password, each code once, recovery codes, expiry,
 * throttling, the owner's requirement and the reset-2fa command. Each test uses its own member and
 * client address (TRUST_PROXY=loopback: X-Forwarded-For names the client), so throttling in one
 * test never reaches another.
 */
const base = () => process.env.TEST_BASE_URL!;
const PASSWORD = 'correct horse battery staple';

interface Browser {
  ip: string;
  cookies: Map<string, string>;
}

let addresses = 0;

/** A client that keeps cookies like a browser, from an address of its own. */
function browser(): Browser {
  addresses += 1;
  return { ip: `198.18.${Math.floor(addresses / 250)}.${1 + (addresses % 250)}`, cookies: new Map() };
}

async function call(b: Browser, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base()}${path}`, {
    method,
    headers: {
      origin: base(),
      'x-forwarded-for': b.ip,
      cookie: [...b.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookies = response.headers.getSetCookie();
  for (const cookie of setCookies) {
    const [pair, ...attributes] = cookie.split(';');
    const [name, value] = pair!.split('=') as [string, string];
    if (attributes.some((a) => /max-age=0/i.test(a.trim()))) b.cookies.delete(name);
    else b.cookies.set(name, value);
  }
  const text = await response.text();
  const parsed: any = text ? JSON.parse(text) : null;
  return { status: response.status, body: parsed, setCookies, response };
}

const signedIn = async (b: Browser) => (await call(b, 'GET', '/api/admin/session')).body.authenticated as boolean;

async function newMember(role: 'admin' | 'editor' = 'admin') {
  const email = `member-${randomBytes(5).toString('hex')}@example.com`;
  const member = await admins.insert(email, await hashPassword(PASSWORD), role);
  created.push(member.id);
  return { id: member.id, email };
}

async function signIn(b: Browser, email: string) {
  return call(b, 'POST', '/api/admin/login', { email, password: PASSWORD });
}

/** A code for the next 30-second step: the current one was used to enrol, and each step works once. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Signs in, turns TOTP on; the secret and the recovery codes as the Account page would show them. */
async function enrolledMember() {
  const member = await newMember();
  const b = browser();
  expect((await signIn(b, member.email)).status).toBe(200);
  const started = await call(b, 'POST', '/api/admin/me/totp');
  expect(started.status).toBe(200);
  const { secret, otpauthUrl } = started.body as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(otpauthUrl).toContain(encodeURIComponent(member.email));
  const verified = await call(b, 'POST', '/api/admin/me/totp/verify', { code: await generate({ secret }) });
  expect(verified.status).toBe(200);
  const recoveryCodes = verified.body.recoveryCodes as string[];
  return { ...member, secret, recoveryCodes, browser: b };
}

async function securityEvents(email: string): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ action: string }[]>`
    select action from change_history
    where entity_type = 'security' and (lower(admin_email) = lower(${email}) or lower(subject_email) = lower(${email}))
    order by id`;
  return rows.map((row) => row.action);
}

const created: string[] = [];

beforeEach(async () => {
  await resetDatabase();
  const sql = await getSql();
  await sql`update site_settings set require_two_factor = false`;
});

afterAll(async () => {
  const sql = await getSql();
  await sql`update site_settings set require_two_factor = false`;
  await sql`delete from admin_users where id = any(${created}::uuid[])`;
  // The owner enrolled in the policy test; other test files expect a password-only owner.
  await sql`update admin_users set totp_secret = null, totp_enabled_at = null, totp_last_step = null`;
  await sql`delete from admin_recovery_codes`;
});

describe('two-factor sign-in with an authenticator app', () => {
  test('enrolment answers ten recovery codes once; the status never shows the secret', async () => {
    const member = await enrolledMember();
    expect(member.recoveryCodes).toHaveLength(10);
    expect(new Set(member.recoveryCodes).size).toBe(10);
    const status = await call(member.browser, 'GET', '/api/admin/me/totp');
    expect(status.body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Once on, a new secret is refused: the active one is never replaced or shown again.
    expect((await call(member.browser, 'POST', '/api/admin/me/totp')).status).toBe(409);
  });

  test('a wrong first code does not turn TOTP on', async () => {
    const member = await newMember();
    const b = browser();
    await signIn(b, member.email);
    await call(b, 'POST', '/api/admin/me/totp');
    const wrong = await call(b, 'POST', '/api/admin/me/totp/verify', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.code).toBeDefined();
    expect((await call(b, 'GET', '/api/admin/me/totp')).body.enabled).toBe(false);
  });

  test('the password alone creates no session; a valid code does, and the same code again does not', async () => {
    const member = await enrolledMember();
    const b = browser();
    const password = await signIn(b, member.email);
    expect(password.status).toBe(200);
    expect(password.body).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(password.setCookies.some((c) => c.startsWith('emdr_admin_session='))).toBe(false);
    const pending = password.setCookies.find((c) => c.startsWith('emdr_pending='));
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/SameSite=Strict/i);
    expect(await signedIn(b)).toBe(false);
    expect((await call(b, 'GET', '/api/admin/trainers')).status).toBe(401);

    const code = await nextCode(member.secret);
    const done = await call(b, 'POST', '/api/admin/login/second-factor', { code });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ authenticated: true, admin: { email: member.email } });
    expect(await signedIn(b)).toBe(true);

    // The same code, in a fresh sign-in from another browser, is refused.
    const other = browser();
    expect((await signIn(other, member.email)).body.twoFactorRequired).toBe(true);
    const reused = await call(other, 'POST', '/api/admin/login/second-factor', { code });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('Invalid code');
    expect(await signedIn(other)).toBe(false);

    expect(await securityEvents(member.email)).toEqual(
      expect.arrayContaining(['totp-enabled', 'sign-in', 'second-factor-failed']),
    );
  });

  test('a recovery code works once', async () => {
    const member = await enrolledMember();
    const [code] = member.recoveryCodes;
    const first = browser();
    await signIn(first, member.email);
    // Typed in capitals with spaces around, as people copy them.
    const used = await call(first, 'POST', '/api/admin/login/second-factor', { code: ` ${code!.toUpperCase()} ` });
    expect(used.status).toBe(200);
    expect(await signedIn(first)).toBe(true);
    expect((await call(first, 'GET', '/api/admin/me/totp')).body.recoveryCodesLeft).toBe(9);

    const second = browser();
    await signIn(second, member.email);
    expect((await call(second, 'POST', '/api/admin/login/second-factor', { code })).status).toBe(401);
    expect(await signedIn(second)).toBe(false);
    const events = await securityEvents(member.email);
    expect(events).toContain('recovery-code-used');
  });

  test('the pending step is refused once it has expired, and the browser goes back to the password step', async () => {
    const member = await enrolledMember();
    const b = browser();
    await signIn(b, member.email);
    expect(b.cookies.has('emdr_pending')).toBe(true);
    // Five minutes later, without waiting them: the step's expiry is in the past.
    const sql = await getSql();
    await sql`update admin_pending_logins set expires_at = now() - interval '1 second' where admin_id = ${member.id}`;
    const late = await call(b, 'POST', '/api/admin/login/second-factor', { code: await nextCode(member.secret) });
    expect(late.status).toBe(401);
    expect(late.body.error).toMatch(/expired/i);
    expect(b.cookies.has('emdr_pending')).toBe(false);
    expect(await signedIn(b)).toBe(false);
  });

  test('without JavaScript: the password form leads to the code page, a wrong code back to it, an expired step to the login page', async () => {
    const member = await enrolledMember();
    const b = browser();
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${base()}${path}`, {
        method: 'POST',
        headers: {
          origin: base(),
          'x-forwarded-for': b.ip,
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...b.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    const password = await form('/api/admin/login', { email: member.email, password: PASSWORD });
    expect(password.status).toBe(303);
    expect(password.headers.get('location')).toBe('/admin/second-factor');
    const pending = password.headers.getSetCookie().find((c) => c.startsWith('emdr_pending='))!;
    expect(password.headers.getSetCookie().some((c) => c.startsWith('emdr_admin_session='))).toBe(false);
    b.cookies.set('emdr_pending', pending.split(';')[0]!.split('=')[1]!);

    const wrong = await form('/api/admin/login/second-factor', { code: '000000' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/admin/second-factor');
    expect(wrong.headers.getSetCookie().join()).toContain('emdr_admin_notice=invalid-code');

    const sql = await getSql();
    await sql`update admin_pending_logins set expires_at = now() - interval '1 second' where admin_id = ${member.id}`;
    const late = await form('/api/admin/login/second-factor', { code: await nextCode(member.secret) });
    expect(late.status).toBe(303);
    expect(late.headers.get('location')).toBe('/admin/login');
    expect(late.headers.getSetCookie().join()).toContain('emdr_admin_notice=sign-in-expired');
  });

  test('a second-factor step without a password step is refused', async () => {
    const b = browser();
    const response = await call(b, 'POST', '/api/admin/login/second-factor', { code: '123456' });
    expect(response.status).toBe(401);
  });

  test('wrong codes are throttled like passwords', async () => {
    const member = await enrolledMember();
    const b = browser();
    await signIn(b, member.email);
    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT + 2; i++) {
      statuses.push((await call(b, 'POST', '/api/admin/login/second-factor', { code: '000000' })).status);
    }
    expect(statuses.slice(0, FREE_FAILURES_PER_ACCOUNT)).toEqual(Array(FREE_FAILURES_PER_ACCOUNT).fill(401));
    expect(statuses.slice(FREE_FAILURES_PER_ACCOUNT)).toEqual([429, 429]);
    // Even the right code waits now.
    const blocked = await call(b, 'POST', '/api/admin/login/second-factor', { code: await nextCode(member.secret) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // A correct password again does not wipe the second-factor failures.
    await signIn(b, member.email);
    expect((await call(b, 'POST', '/api/admin/login/second-factor', { code: '000000' })).status).toBe(429);
  });

  test('turning TOTP off needs a current code; then the password alone signs in again', async () => {
    const member = await enrolledMember();
    expect((await call(member.browser, 'DELETE', '/api/admin/me/totp', { code: '000000' })).status).toBe(400);
    const off = await call(member.browser, 'DELETE', '/api/admin/me/totp', { code: member.recoveryCodes[3] });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    const b = browser();
    const again = await signIn(b, member.email);
    expect(again.body).toEqual({ authenticated: true, admin: { email: member.email } });
    expect(await securityEvents(member.email)).toContain('totp-disabled');
  });

  test('new recovery codes replace the old ones', async () => {
    const member = await enrolledMember();
    const renewed = await call(member.browser, 'POST', '/api/admin/me/totp/recovery-codes', {
      code: member.recoveryCodes[0],
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const b = browser();
    await signIn(b, member.email);
    expect((await call(b, 'POST', '/api/admin/login/second-factor', { code: member.recoveryCodes[1] })).status).toBe(
      401,
    );
    expect(
      (await call(b, 'POST', '/api/admin/login/second-factor', { code: renewed.body.recoveryCodes[0] })).status,
    ).toBe(200);
    expect(await securityEvents(member.email)).toContain('recovery-codes-renewed');
  });

  test('a member without two-factor sign-in signs in with the password as before', async () => {
    const member = await newMember();
    const b = browser();
    const response = await signIn(b, member.email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ authenticated: true, admin: { email: member.email } });
    expect(await signedIn(b)).toBe(true);
  });
});

describe('the owner requires two-factor sign-in', () => {
  test('a member without it is sent to enrolment, can do nothing else, and works once enrolled', async () => {
    const owner = browser();
    expect(
      (
        await call(owner, 'POST', '/api/admin/login', {
          email: process.env.ADMIN_EMAIL,
          password: process.env.ADMIN_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const member = await newMember('editor');
    const editor = browser();
    await signIn(editor, member.email);
    // Only the owner decides, and only once they have a second factor themselves.
    expect((await call(editor, 'PUT', '/api/admin/settings/two-factor', { required: true })).status).toBe(403);
    expect((await call(owner, 'PUT', '/api/admin/settings/two-factor', { required: true })).status).toBe(409);
    const ownerTotp = await call(owner, 'POST', '/api/admin/me/totp');
    const ownerOn = await call(owner, 'POST', '/api/admin/me/totp/verify', {
      code: await generate({ secret: ownerTotp.body.secret }),
    });
    expect(ownerOn.status).toBe(200);
    expect((await call(owner, 'PUT', '/api/admin/settings/two-factor', { required: 'yes' })).status).toBe(400);
    expect((await call(owner, 'PUT', '/api/admin/settings/two-factor', { required: true })).body).toEqual({
      required: true,
    });
    expect((await call(owner, 'GET', '/api/admin/settings/two-factor')).body).toEqual({ required: true });

    const b = browser();
    const login = await signIn(b, member.email);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ authenticated: true, admin: { email: member.email }, enrolmentRequired: true });
    const refused = await call(b, 'GET', '/api/admin/trainers');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/Two-factor sign-in required/);
    // Admin pages send them to the Account page, which itself opens.
    const page = await fetch(`${base()}/admin/trainers`, {
      headers: { cookie: `emdr_admin_session=${b.cookies.get('emdr_admin_session')}` },
      redirect: 'manual',
    });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/admin/account');
    const account = await fetch(`${base()}/admin/account`, {
      headers: { cookie: `emdr_admin_session=${b.cookies.get('emdr_admin_session')}` },
      redirect: 'manual',
    });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('This site requires two-factor sign-in');
    // The session that was already open is held back too.
    expect((await call(editor, 'GET', '/api/admin/trainers')).status).toBe(403);

    const started = await call(b, 'POST', '/api/admin/me/totp');
    expect(started.status).toBe(200);
    const verified = await call(b, 'POST', '/api/admin/me/totp/verify', {
      code: await generate({ secret: started.body.secret }),
    });
    expect(verified.status).toBe(200);
    expect((await call(b, 'GET', '/api/admin/trainers')).status).toBe(200);
    // Their only second factor stays while the rule is on.
    const off = await call(b, 'DELETE', '/api/admin/me/totp', { code: verified.body.recoveryCodes[0] });
    expect(off.status).toBe(409);
    expect((await call(b, 'GET', '/api/admin/me/totp')).body.enabled).toBe(true);
    expect(await securityEvents(process.env.ADMIN_EMAIL!)).toContain('two-factor-policy-changed');
  });
});

describe('npm run admin -- reset-2fa', () => {
  const resetTwoFactor = (email: string) => runAdminCli(['reset-2fa', '--email', email]);

  test('a lost device: TOTP off, sessions ended, the password signs in; an unknown email exits 2', async () => {
    const member = await enrolledMember();
    expect(await signedIn(member.browser)).toBe(true);

    const reset = await resetTwoFactor(member.email);
    expect(reset.code).toBe(0);
    expect(reset.output).toContain(`Two-factor sign-in reset for ${member.email}`);
    expect(reset.output).not.toContain(member.secret);
    expect(await signedIn(member.browser)).toBe(false);

    const b = browser();
    expect((await signIn(b, member.email)).body).toEqual({ authenticated: true, admin: { email: member.email } });
    expect(await securityEvents(member.email)).toContain('two-factor-reset');

    const unknown = await resetTwoFactor('nobody@example.com');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('No admin with the email nobody@example.com');
  });
});

describe('two-factor secrets at rest (docs/security.md)', () => {
  const sha256 = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest();

  async function storedRows(adminId: string) {
    const sql = await getSql();
    const [user] = await sql<{ totpSecret: string }[]>`select totp_secret from admin_users where id = ${adminId}`;
    const codes = await sql<{ codeHash: Buffer; codeSalt: Buffer | null }[]>`
      select code_hash, code_salt from admin_recovery_codes where admin_id = ${adminId}`;
    return { secret: user!.totpSecret, codes };
  }

  test('the stored TOTP secret is not the base32 secret, no stored code is sha256(code), and both still sign in', async () => {
    const member = await enrolledMember();
    const stored = await storedRows(member.id);
    expect(stored.secret).not.toBe(member.secret);
    expect(stored.secret).not.toContain(member.secret);
    expect(stored.secret).toMatch(/^gcm1:/);
    expect(stored.codes).toHaveLength(10);
    const hashes = member.recoveryCodes.map(sha256);
    for (const row of stored.codes) {
      expect(row.codeSalt).not.toBeNull();
      expect(hashes.some((hash) => hash.equals(Buffer.from(row.codeHash)))).toBe(false);
    }
    // The salt makes each row a search of its own: no two rows share a salt.
    expect(new Set(stored.codes.map((row) => Buffer.from(row.codeSalt!).toString('hex'))).size).toBe(10);

    const withApp = browser();
    await signIn(withApp, member.email);
    const code = await nextCode(member.secret);
    expect((await call(withApp, 'POST', '/api/admin/login/second-factor', { code })).status).toBe(200);
    const withCode = browser();
    await signIn(withCode, member.email);
    const recovery = await call(withCode, 'POST', '/api/admin/login/second-factor', { code: member.recoveryCodes[3] });
    expect(recovery.status).toBe(200);
  });

  test('a secret and codes stored plainly by an earlier version sign in, and the start-up sealing keeps them working', async () => {
    const member = await newMember();
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const codes = ['abcde-fghij', 'kmnpq-rstuv', 'wxyz2-34567'];
    const sql = await getSql();
    await sql`update admin_users set totp_secret = ${secret}, totp_enabled_at = now() where id = ${member.id}`;
    for (const code of codes) {
      await sql`insert into admin_recovery_codes (admin_id, code_hash) values (${member.id}, ${sha256(code)})`;
    }
    const before = browser();
    await signIn(before, member.email);
    expect((await call(before, 'POST', '/api/admin/login/second-factor', { code: codes[0] })).status).toBe(200);

    const sealed = await sealStoredSecrets();
    expect(sealed.totpSecrets).toBeGreaterThanOrEqual(1);
    expect(sealed.recoveryCodes).toBeGreaterThanOrEqual(3);
    const stored = await storedRows(member.id);
    expect(stored.secret).toMatch(/^gcm1:/);
    expect(stored.secret).not.toContain(secret);
    for (const row of stored.codes) {
      expect(codes.some((code) => sha256(code).equals(Buffer.from(row.codeHash)))).toBe(false);
    }
    // Sealing twice changes nothing.
    expect(await sealStoredSecrets()).toEqual({ totpSecrets: 0, recoveryCodes: 0 });

    const withCode = browser();
    await signIn(withCode, member.email);
    expect((await call(withCode, 'POST', '/api/admin/login/second-factor', { code: codes[1] })).status).toBe(200);
    // The code used before sealing stays used.
    const again = browser();
    await signIn(again, member.email);
    expect((await call(again, 'POST', '/api/admin/login/second-factor', { code: codes[0] })).status).toBe(401);
    const withApp = browser();
    await signIn(withApp, member.email);
    const code = await nextCode(secret);
    expect((await call(withApp, 'POST', '/api/admin/login/second-factor', { code })).status).toBe(200);
  });

  test('the key lives in DATA_DIR/secrets.key, readable by its owner only, and another key is refused', async () => {
    await enrolledMember();
    const keyFile = path.join(process.env.DATA_DIR!, 'secrets.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    const stored = await getSql().then((sql) => sql<{ value: string }[]>`select value from app_meta`);
    expect(JSON.stringify(stored)).not.toContain(key);

    process.env.SECRETS_KEY = randomBytes(32).toString('base64');
    try {
      await expect(sealStoredSecrets()).rejects.toThrow(SecretsKeyError);
      await expect(sealStoredSecrets()).rejects.toThrow(/give every instance the same SECRETS_KEY/);
    } finally {
      delete process.env.SECRETS_KEY;
    }
    // The refused key changed nothing: the file's key still seals and opens.
    expect(await sealStoredSecrets()).toEqual({ totpSecrets: 0, recoveryCodes: 0 });
  });
});
