import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/signIn/admins';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { runAdminCli } from '../support/adminCli';
import { browser, type Browser } from '../support/browserClient';
import { resetDatabase } from '../support/reset';
import { assert, createCredential, type SoftCredential } from '../support/softAuthenticator';

/**
 * Step-up (docs/decisions/0021-step-up.md) on the run's server: a session alone no longer
 * changes how someone signs in or who runs the site. Each member here is one of its own; a stale
 * step-up is made by moving the session's step-up back in the database, not by waiting.
 */
const base = () => process.env.TEST_BASE_URL!;
/** The page a browser signs for: the site's public origin (SITE_URL). */
const site = () => new URL(process.env.SITE_URL!).origin;
const PASSWORD = 'a step-up member passphrase';
const STEP_UP_REQUIRED = { error: expect.stringContaining("Confirm it's you"), code: 'step_up_required' };

const created: string[] = [];

async function newMember(role: 'admin' | 'editor' = 'admin') {
  const email = `step-up-${randomBytes(5).toString('hex')}@example.com`;
  const member = await admins.insert(email, await hashPassword(PASSWORD), role);
  created.push(member.id);
  return { id: member.id, email };
}

async function signedIn(email: string, password = PASSWORD): Promise<Browser> {
  const b = browser(base());
  const answer = await b.call('POST', '/api/admin/login', { email, password });
  expect(answer.body).toMatchObject({ authenticated: true });
  return b;
}

/** Eleven minutes later, without waiting them: the session's last step-up is moved back. */
async function staleStepUp(b: Browser) {
  const id = b.cookies.get('emdr_admin_session')!.split('.')[0]!;
  const sql = await getSql();
  await sql`update admin_sessions set stepped_up_at = now() - interval '11 minutes' where id = ${id}`;
}

async function register(b: Browser, name: string): Promise<{ credential: SoftCredential; id: string }> {
  const options = await b.call('POST', '/api/admin/me/passkeys/options', {});
  expect(options.status).toBe(200);
  const made = createCredential(options.body, site());
  const registered = await b.call('POST', '/api/admin/me/passkeys', { name, response: made.response });
  expect(registered.status).toBe(201);
  return { credential: made.credential, id: registered.body.id };
}

/** A sign-in with the passkey alone, from a browser of its own. */
async function passkeySignIn(credential: SoftCredential) {
  const b = browser(base());
  const options = await b.call('POST', '/api/admin/login/passkey/options', {});
  const response = assert(credential, options.body.challenge, site());
  return b.call('POST', '/api/admin/login/passkey', { response });
}

async function securityEvents(email: string): Promise<{ action: string; actor: string; detail: any }[]> {
  const sql = await getSql();
  return sql<{ action: string; actor: string; detail: any }[]>`
    select action, admin_email as actor, detail from change_history
    where entity_type = 'security' and (lower(admin_email) = lower(${email}) or lower(subject_email) = lower(${email}))
    order by id`;
}

/** A code for the next 30-second step, so it differs from one used a moment ago. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

beforeEach(async () => {
  await resetDatabase();
  const sql = await getSql();
  await sql`delete from admin_invitations`;
  await sql`update site_settings set require_two_factor = false`;
});

afterAll(async () => {
  const sql = await getSql();
  await sql`delete from admin_users where id = any(${created}::uuid[])`;
  await sql`delete from admin_invitations`;
});

describe('a stolen session cannot become a permanent key (the measured attack)', () => {
  test('with a stale step-up, a session alone can neither ask for passkey options nor register one', async () => {
    const member = await newMember();
    const thief = await signedIn(member.email);
    const early = await thief.call('POST', '/api/admin/me/passkeys/options', {});
    expect(early.status).toBe(200);
    await staleStepUp(thief);

    const options = await thief.call('POST', '/api/admin/me/passkeys/options', {});
    expect(options.status).toBe(403);
    expect(options.body).toEqual(STEP_UP_REQUIRED);
    // Options taken while the step-up was fresh do not help once it is stale.
    const made = createCredential(early.body, site());
    const registered = await thief.call('POST', '/api/admin/me/passkeys', { name: 'Kept', response: made.response });
    expect(registered.status).toBe(403);
    expect(registered.body).toEqual(STEP_UP_REQUIRED);
    expect((await thief.call('GET', '/api/admin/me/passkeys')).body.passkeys).toEqual([]);
    expect((await passkeySignIn(made.credential)).status).toBe(401);
  });

  test('a passkey registered with a fresh session no longer signs in after npm run admin -- reset-password', async () => {
    const member = await newMember();
    const thief = await signedIn(member.email);
    const { credential } = await register(thief, 'Kept');
    expect((await passkeySignIn(credential)).status).toBe(200);

    const reset = await runAdminCli(['reset-password', '--email', member.email, '--password', 'a new long passphrase']);
    expect(reset.code).toBe(0);
    expect((await passkeySignIn(credential)).status).toBe(401);
    expect((await thief.call('GET', '/api/admin/session')).body).toEqual({ authenticated: false });
    expect(reset.output).toContain(`Password reset for ${member.email}; their sessions were ended.`);
    expect(reset.output).toContain('Their passkey was removed (keep them with --keep-passkeys)');
    expect((await securityEvents(member.email)).filter((e) => e.action === 'passkey-removed')).toEqual([
      { action: 'passkey-removed', actor: 'command line', detail: { name: 'Kept', reason: 'password-reset' } },
    ]);
  });

  test('reset-password --keep-passkeys keeps them, and still ends the sessions', async () => {
    const member = await newMember();
    const b = await signedIn(member.email);
    const { credential } = await register(b, 'Own key');
    const reset = await runAdminCli([
      'reset-password',
      '--email',
      member.email,
      '--password',
      'a new long passphrase',
      '--keep-passkeys',
    ]);
    expect(reset.code).toBe(0);
    expect(reset.output).toContain('Their passkeys were kept (--keep-passkeys).');
    expect((await b.call('GET', '/api/admin/session')).body).toEqual({ authenticated: false });
    expect((await passkeySignIn(credential)).status).toBe(200);
  });
});

describe('what asks for a step-up', () => {
  test('the team rule, role changes, hand-over, removal and invitations: refused when stale, nothing changed', async () => {
    const owner = await signedIn(process.env.ADMIN_EMAIL!, process.env.ADMIN_PASSWORD);
    const member = await newMember('editor');
    const invited = await owner.call('POST', '/api/admin/invitations', { email: 'open@example.com', role: 'editor' });
    expect(invited.status).toBe(201);
    await staleStepUp(owner);

    const changes: [string, string, unknown?][] = [
      ['PUT', '/api/admin/settings/two-factor', { required: false }],
      ['PATCH', `/api/admin/admins/${member.id}`, { role: 'admin' }],
      ['PATCH', `/api/admin/admins/${member.id}`, { role: 'owner' }],
      ['DELETE', `/api/admin/admins/${member.id}`],
      ['POST', '/api/admin/invitations', { email: 'another@example.com', role: 'admin' }],
      ['DELETE', `/api/admin/invitations/${invited.body.id}`],
    ];
    for (const [method, path, body] of changes) {
      const refused = await owner.call(method, path, body);
      expect({ method, path, status: refused.status, body: refused.body }).toEqual({
        method,
        path,
        status: 403,
        body: STEP_UP_REQUIRED,
      });
    }
    // Reading needs none.
    const team = await owner.call('GET', '/api/admin/admins');
    expect(team.body.admins.find((m: { id: string }) => m.id === member.id).role).toBe('editor');
    const open = await owner.call('GET', '/api/admin/invitations');
    expect(open.body.invitations.map((i: { email: string }) => i.email)).toEqual(['open@example.com']);

    const stepped = await owner.call('POST', '/api/admin/me/step-up', { password: process.env.ADMIN_PASSWORD });
    expect(stepped.status).toBe(200);
    expect((await owner.call('PATCH', `/api/admin/admins/${member.id}`, { role: 'admin' })).status).toBe(200);
  });

  test('adding or deleting a passkey and turning the app on: refused when stale; renaming is not', async () => {
    const member = await newMember();
    const b = await signedIn(member.email);
    const { id } = await register(b, 'Desk key');
    await staleStepUp(b);
    const changes: [string, string, unknown?][] = [
      ['POST', '/api/admin/me/passkeys/options', {}],
      ['DELETE', `/api/admin/me/passkeys/${id}`],
      ['POST', '/api/admin/me/totp'],
      ['POST', '/api/admin/me/totp/verify', { code: '123456' }],
    ];
    for (const [method, path, body] of changes) {
      const refused = await b.call(method, path, body);
      expect({ path, status: refused.status, body: refused.body }).toEqual({
        path,
        status: 403,
        body: STEP_UP_REQUIRED,
      });
    }
    expect((await b.call('GET', '/api/admin/me/totp')).body.enabled).toBe(false);
    const renamed = await b.call('PATCH', `/api/admin/me/passkeys/${id}`, { name: 'Office key' });
    expect(renamed.status).toBe(200);
    expect((await b.call('GET', '/api/admin/me/passkeys')).body.passkeys.map((p: { id: string }) => p.id)).toEqual([
      id,
    ]);
  });

  test('a passkey is registered only when the device verified its user', async () => {
    const member = await newMember();
    const b = await signedIn(member.email);
    const options = await b.call('POST', '/api/admin/me/passkeys/options', {});
    expect(options.body.authenticatorSelection.userVerification).toBe('required');
    const unverified = createCredential(options.body, site(), { userVerified: false });
    const refused = await b.call('POST', '/api/admin/me/passkeys', { name: 'No PIN', response: unverified.response });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The passkey could not be verified. Try again.');
  });
});

describe('stepping up', () => {
  test('a wrong password is refused with the field’s message; the right one holds for ten minutes', async () => {
    const member = await newMember();
    const b = await signedIn(member.email);
    await staleStepUp(b);
    expect((await b.call('GET', '/api/admin/me/step-up')).body).toEqual({
      methods: ['password'],
      steppedUpUntil: null,
    });
    const empty = await b.call('POST', '/api/admin/me/step-up', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ password: ['Enter your password'] });
    const wrong = await b.call('POST', '/api/admin/me/step-up', { password: 'not my passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ password: ['That password is not right'] });
    expect((await b.call('POST', '/api/admin/me/totp')).status).toBe(403);

    const right = await b.call('POST', '/api/admin/me/step-up', { password: PASSWORD });
    expect(right.status).toBe(200);
    const until = Date.parse(right.body.steppedUpUntil);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await b.call('POST', '/api/admin/me/totp')).status).toBe(200);
    const events = (await securityEvents(member.email)).filter((e) => e.action.startsWith('step-up'));
    expect(events).toEqual([
      { action: 'step-up-failed', actor: member.email, detail: { method: 'password' } },
      { action: 'step-up', actor: member.email, detail: { method: 'password' } },
    ]);
  });

  test('a current code or one of the member’s passkeys (verifying its user) steps up too', async () => {
    const member = await newMember();
    const b = await signedIn(member.email);
    const { secret } = (await b.call('POST', '/api/admin/me/totp')).body;
    expect((await b.call('POST', '/api/admin/me/totp/verify', { code: await generate({ secret }) })).status).toBe(200);
    const { credential, id } = await register(b, 'Laptop');
    await staleStepUp(b);
    expect((await b.call('GET', '/api/admin/me/step-up')).body.methods).toEqual(['password', 'code', 'passkey']);

    const wrong = await b.call('POST', '/api/admin/me/step-up', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ code: ['That code is not right'] });
    expect((await b.call('POST', '/api/admin/me/step-up', { code: await nextCode(secret) })).status).toBe(200);
    expect((await b.call('POST', '/api/admin/me/passkeys/options', {})).status).toBe(200);

    await staleStepUp(b);
    const options = await b.call('POST', '/api/admin/me/step-up/passkey/options', {});
    expect(options.body.userVerification).toBe('required');
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([id]);
    const noPin = assert(credential, options.body.challenge, site(), { userVerified: false });
    expect((await b.call('POST', '/api/admin/me/step-up/passkey', { response: noPin })).status).toBe(400);
    const again = await b.call('POST', '/api/admin/me/step-up/passkey/options', {});
    const response = assert(credential, again.body.challenge, site());
    expect((await b.call('POST', '/api/admin/me/step-up/passkey', { response })).status).toBe(200);
    expect((await b.call('DELETE', `/api/admin/me/passkeys/${id}`)).status).toBe(200);
  });

  test('a sign-in with a passkey alone counts as a step-up', async () => {
    const member = await newMember();
    const { credential } = await register(await signedIn(member.email), 'Phone');
    const b = browser(base());
    const options = await b.call('POST', '/api/admin/login/passkey/options', {});
    const signIn = await b.call('POST', '/api/admin/login/passkey', {
      response: assert(credential, options.body.challenge, site()),
    });
    expect(signIn.status).toBe(200);
    expect((await b.call('POST', '/api/admin/me/passkeys/options', {})).status).toBe(200);
  });
});

describe('sign out everywhere else', () => {
  test('ends every other session of the member and keeps this one and everyone else’s', async () => {
    const member = await newMember();
    const here = await signedIn(member.email);
    const laptop = await signedIn(member.email);
    const phone = await signedIn(member.email);
    const someoneElse = await signedIn((await newMember()).email);
    const ended = await here.call('DELETE', '/api/admin/me/other-sessions');
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: 2 });
    const session = async (b: Browser) => (await b.call('GET', '/api/admin/session')).body.authenticated;
    expect([await session(here), await session(laptop), await session(phone), await session(someoneElse)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect((await securityEvents(member.email)).at(-1)).toEqual({
      action: 'other-sessions-ended',
      actor: member.email,
      detail: { ended: 2 },
    });
  });
});
