import { beforeEach, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/signIn/admins';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { OPTIONS_PER_ADDRESS_PER_MINUTE } from '../../src/auth/passkeySignIn';
import { resetDatabase } from '../support/reset';
import { assert, createCredential, type SoftCredential } from '../support/softAuthenticator';

/**
 * Passkeys (docs/product.md, "Passkeys") against the real server, with a software
 * authenticator standing in for the browser: registration, sign-in as the second factor and
 * without a password, and the assertions that must be refused.
 */
const base = () => process.env.TEST_BASE_URL!;
/** The page a browser signs for: the site's public origin (SITE_URL), whichever address the server is reached at. */
const site = () => new URL(process.env.SITE_URL!).origin;
const OTHER = { email: 'editor-passkeys@example.com', password: 'another long passphrase' };

interface Answer {
  status: number;
  body: any;
  cookies: string[];
  headers: Headers;
}

/** A browser's cookie jar in miniature: keeps what the server sets, sends it back. */
async function call(jar: Map<string, string>, method: string, path: string, body?: unknown): Promise<Answer> {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${base()}${path}`, {
    method,
    headers: {
      origin: base(),
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const cookies = response.headers.getSetCookie();
  for (const line of cookies) {
    const [pair, ...attributes] = line.split(';');
    const [name, value] = pair!.split('=') as [string, string];
    if (attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, cookies, headers: response.headers };
}

/** Registers a new passkey for the member signed in through `jar`. */
async function register(jar: Map<string, string>, name: string): Promise<{ credential: SoftCredential; id: string }> {
  const options = await call(jar, 'POST', '/api/admin/me/passkeys/options', {});
  expect(options.status).toBe(200);
  const made = createCredential(options.body, site());
  const created = await call(jar, 'POST', '/api/admin/me/passkeys', { name, response: made.response });
  expect(created.status).toBe(201);
  return { credential: made.credential, id: created.body.id };
}

async function signedIn(email: string, password: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const answer = await call(jar, 'POST', '/api/admin/login', { email, password });
  expect(answer.body).toEqual({ authenticated: true, admin: { email } });
  return jar;
}

/** The security log as the owner reads it (GET /api/admin/changes?kind=security), oldest first. */
async function securityEvents(): Promise<{ action: string; adminEmail: string; detail: any }[]> {
  const answer = await call(owner, 'GET', '/api/admin/changes?kind=security&limit=100');
  expect(answer.status).toBe(200);
  return (answer.body as { type: string; adminEmail: string; detail: unknown }[])
    .map((entry) => ({ action: entry.type, adminEmail: entry.adminEmail, detail: entry.detail }))
    .reverse();
}

let owner: Map<string, string>;
beforeEach(async () => {
  await resetDatabase();
  const sql = await getSql();
  await sql`delete from admin_passkeys`;
  await sql`delete from admin_webauthn_challenges`;
  await sql`delete from request_limits where key like 'passkey-options:%'`;
  await sql`delete from change_history where entity_type = 'security'`;
  await sql`delete from admin_users where lower(email) = ${OTHER.email}`;
  await admins.insert(OTHER.email, await hashPassword(OTHER.password));
  owner = await signedIn(process.env.ADMIN_EMAIL!, process.env.ADMIN_PASSWORD!);
});

describe('registering passkeys', () => {
  test('a member adds, lists, renames and deletes their passkeys; each is in the security log', async () => {
    const first = await register(owner, 'Laptop');
    const options = await call(owner, 'POST', '/api/admin/me/passkeys/options', {});
    // A passkey can replace the password, so it must be discoverable; the one already there is excluded.
    expect(options.body.authenticatorSelection.residentKey).toBe('required');
    expect(options.body.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([first.id]);
    const made = createCredential(options.body, site());
    const second = await call(owner, 'POST', '/api/admin/me/passkeys', { name: '  Phone ', response: made.response });
    expect(second.status).toBe(201);
    expect(second.body).toEqual({
      id: made.credential.id,
      name: 'Phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });

    const renamed = await call(owner, 'PATCH', `/api/admin/me/passkeys/${first.id}`, { name: 'Work laptop' });
    expect(renamed.status).toBe(200);
    const list = await call(owner, 'GET', '/api/admin/me/passkeys');
    expect(list.body.passkeys).toEqual([
      { id: first.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null },
      { id: made.credential.id, name: 'Phone', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/publicKey|counter/);

    expect((await call(owner, 'DELETE', `/api/admin/me/passkeys/${first.id}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/api/admin/me/passkeys/${first.id}`)).status).toBe(404);
    expect((await call(owner, 'PATCH', `/api/admin/me/passkeys/${first.id}`, { name: 'Again' })).status).toBe(404);
    expect((await call(owner, 'GET', '/api/admin/me/passkeys')).body.passkeys.map((p: { id: string }) => p.id)).toEqual(
      [made.credential.id],
    );
    expect((await securityEvents()).filter((e) => e.action.startsWith('passkey-'))).toEqual([
      { action: 'passkey-added', adminEmail: process.env.ADMIN_EMAIL, detail: { name: 'Laptop' } },
      { action: 'passkey-added', adminEmail: process.env.ADMIN_EMAIL, detail: { name: 'Phone' } },
      { action: 'passkey-removed', adminEmail: process.env.ADMIN_EMAIL, detail: { name: 'Work laptop' } },
    ]);
  });

  test('a registration answer is taken once; a missing name, a foreign origin and no session are refused', async () => {
    const options = await call(owner, 'POST', '/api/admin/me/passkeys/options', {});
    const made = createCredential(options.body, site());
    const noName = await call(owner, 'POST', '/api/admin/me/passkeys', { name: ' ', response: made.response });
    expect(noName.status).toBe(400);
    expect(noName.body.fieldErrors.name).toEqual(['Name is required']);
    expect((await call(owner, 'POST', '/api/admin/me/passkeys', { name: 'Key', response: made.response })).status).toBe(
      201,
    );
    const again = await call(owner, 'POST', '/api/admin/me/passkeys', { name: 'Key', response: made.response });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors.response).toEqual(['This passkey request expired or was already used. Try again.']);

    // Made on another site: the browser's signed origin is not ours.
    const fresh = await call(owner, 'POST', '/api/admin/me/passkeys/options', {});
    const phished = createCredential(fresh.body, 'https://evil.example');
    const refused = await call(owner, 'POST', '/api/admin/me/passkeys', { name: 'Evil', response: phished.response });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The passkey could not be verified. Try again.');

    expect((await call(new Map(), 'POST', '/api/admin/me/passkeys/options', {})).status).toBe(401);
    expect((await call(new Map(), 'GET', '/api/admin/me/passkeys')).status).toBe(401);
  });

  test('a member cannot rename or delete someone else’s passkey, nor register with their challenge', async () => {
    const mine = await register(owner, 'Owner key');
    const other = await signedIn(OTHER.email, OTHER.password);
    expect((await call(other, 'DELETE', `/api/admin/me/passkeys/${mine.id}`)).status).toBe(404);
    expect((await call(other, 'PATCH', `/api/admin/me/passkeys/${mine.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await call(other, 'GET', '/api/admin/me/passkeys')).body.passkeys).toEqual([]);

    const ownersOptions = await call(owner, 'POST', '/api/admin/me/passkeys/options', {});
    const made = createCredential(ownersOptions.body, site());
    expect(
      (await call(other, 'POST', '/api/admin/me/passkeys', { name: 'Sneaky', response: made.response })).status,
    ).toBe(400);
    expect((await call(owner, 'GET', '/api/admin/me/passkeys')).body.passkeys).toHaveLength(1);
  });
});

describe('the owner’s two-factor requirement', () => {
  test('a passkey is enough: a member who must enrol adds one, and can then work again', async () => {
    await register(owner, 'Owner key');
    expect((await call(owner, 'PUT', '/api/admin/settings/two-factor', { required: true })).status).toBe(200);
    try {
      const member = new Map<string, string>();
      const signIn = await call(member, 'POST', '/api/admin/login', OTHER);
      expect(signIn.body).toEqual({ authenticated: true, admin: { email: OTHER.email }, enrolmentRequired: true });
      expect((await call(member, 'GET', '/api/admin/trainers')).status).toBe(403);
      await register(member, 'Member key');
      expect((await call(member, 'GET', '/api/admin/trainers')).status).toBe(200);
      // From now on the password alone is not enough for them either.
      const again = await call(new Map(), 'POST', '/api/admin/login', OTHER);
      expect(again.body).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    } finally {
      expect((await call(owner, 'PUT', '/api/admin/settings/two-factor', { required: false })).status).toBe(200);
    }
  });
});

describe('signing in with a passkey', () => {
  async function passkeyLogin(jar: Map<string, string>, credential: SoftCredential, opts = {}) {
    const options = await call(jar, 'POST', '/api/admin/login/passkey/options', {});
    expect(options.status).toBe(200);
    const response = assert(credential, options.body.challenge, site(), opts);
    return {
      options: options.body,
      response,
      answer: await call(jar, 'POST', '/api/admin/login/passkey', { response }),
    };
  }

  test('as the second factor: the password alone makes no session, the passkey completes the sign-in', async () => {
    const { credential, id } = await register(owner, 'Laptop');
    const jar = new Map<string, string>();
    const password = await call(jar, 'POST', '/api/admin/login', {
      email: process.env.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD,
    });
    expect(password.status).toBe(200);
    expect(password.body).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    expect(jar.has('emdr_admin_session')).toBe(false);
    expect((await call(jar, 'GET', '/api/admin/me/passkeys')).status).toBe(401);

    const { options, answer } = await passkeyLogin(jar, credential);
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ authenticated: true, admin: { email: process.env.ADMIN_EMAIL } });
    expect(jar.has('emdr_pending')).toBe(false);
    const list = await call(jar, 'GET', '/api/admin/me/passkeys');
    expect(list.status).toBe(200);
    expect(list.body.passkeys[0].lastUsedAt).toEqual(expect.any(String));
    expect((await securityEvents()).at(-1)).toMatchObject({ action: 'sign-in', detail: { method: 'passkey' } });
  });

  test('without a password: a discoverable passkey names its member and signs them in', async () => {
    const { credential } = await register(owner, 'Laptop');
    const jar = new Map<string, string>();
    const { options, answer } = await passkeyLogin(jar, credential);
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ authenticated: true, admin: { email: process.env.ADMIN_EMAIL } });
    expect((await call(jar, 'GET', '/api/admin/me/passkeys')).status).toBe(200);
  });

  test('a replayed assertion, a made-up challenge and a passkey without user verification are refused', async () => {
    const { credential } = await register(owner, 'Laptop');
    const first = await passkeyLogin(new Map(), credential);
    expect(first.answer.status).toBe(200);

    const replayed = await call(new Map(), 'POST', '/api/admin/login/passkey', { response: first.response });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ error: 'The passkey was not accepted' });
    expect(replayed.cookies.join()).not.toContain('emdr_admin_session');

    const madeUp = assert(credential, Buffer.from('not a challenge we gave').toString('base64url'), site());
    expect((await call(new Map(), 'POST', '/api/admin/login/passkey', { response: madeUp })).status).toBe(401);

    // Without a password, the device must have checked its user (PIN, biometrics).
    expect((await passkeyLogin(new Map(), credential, { userVerified: false })).answer.status).toBe(401);

    const failures = (await securityEvents()).filter((e) => e.action === 'sign-in-failed');
    expect(failures).toHaveLength(3);
    expect(failures.every((e) => e.adminEmail === process.env.ADMIN_EMAIL && e.detail.method === 'passkey')).toBe(true);
  });

  test('someone else’s passkey does not complete a member’s pending sign-in', async () => {
    const other = await signedIn(OTHER.email, OTHER.password);
    const theirs = await register(other, 'Their key');
    await register(owner, 'Owner key');
    const jar = new Map<string, string>();
    await call(jar, 'POST', '/api/admin/login', {
      email: process.env.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD,
    });
    expect(jar.has('emdr_pending')).toBe(true);
    const { answer } = await passkeyLogin(jar, theirs.credential);
    expect(answer.status).toBe(401);
    expect(jar.has('emdr_admin_session')).toBe(false);
    expect((await securityEvents()).at(-1)).toMatchObject({
      action: 'second-factor-failed',
      adminEmail: process.env.ADMIN_EMAIL,
    });
  });

  test('a deleted passkey signs no one in, and without one the password alone signs in again', async () => {
    const { credential, id } = await register(owner, 'Laptop');
    expect((await call(owner, 'DELETE', `/api/admin/me/passkeys/${id}`)).status).toBe(200);
    expect((await passkeyLogin(new Map(), credential)).answer.status).toBe(401);
    await signedIn(process.env.ADMIN_EMAIL!, process.env.ADMIN_PASSWORD!);
  });

  test('sign-in options are limited per address, so no one fills the challenge store', async () => {
    const sql = await getSql();
    await sql`delete from request_limits where key like 'passkey-options:%'`;
    for (let i = 0; i < OPTIONS_PER_ADDRESS_PER_MINUTE; i++)
      expect((await call(new Map(), 'POST', '/api/admin/login/passkey/options', {})).status).toBe(200);
    const refused = await call(new Map(), 'POST', '/api/admin/login/passkey/options', {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    await sql`delete from request_limits where key like 'passkey-options:%'`;
  });

  test('an unknown passkey is refused, and such attempts back off like wrong passwords', async () => {
    const stranger = createCredential(
      { challenge: 'x', rp: {}, user: { id: Buffer.from('nobody').toString('base64url') } },
      site(),
    ).credential;
    for (let i = 0; i < 5; i++) expect((await passkeyLogin(new Map(), stranger)).answer.status).toBe(401);
    const throttled = await passkeyLogin(new Map(), stranger);
    expect(throttled.answer.status).toBe(429);
    expect(Number(throttled.answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await securityEvents()).filter((e) => e.action === 'sign-in-failed')).toHaveLength(5);
  });
});
