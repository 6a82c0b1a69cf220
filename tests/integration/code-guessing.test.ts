import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/signIn/admins';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { WRONG_CODES_BEFORE_LOCK, WRONG_CODES_PER_SIGN_IN } from '../../src/auth/codeGuessing';
import { runAdminCli } from '../support/adminCli';
import { browser, type Browser } from '../support/browserClient';
import { resetDatabase } from '../support/reset';

/**
 * Guessing stops (docs/product.md "Two-factor sign-in"): someone who knows a member's
 * password is slowed by the back-off but, before, never stopped. A pending sign-in now ends at its
 * tenth wrong code; the twentieth wrong code of an account in 24 hours locks its codes until
 * reset-2fa or a day later. The back-off's waits are passed by aging its rows in the database, and a
 * day by moving the lock back, never by waiting. (The lock's mail: tests/integration/https-and-mail.test.ts.)
 */
const base = () => process.env.TEST_BASE_URL!;
const PASSWORD = 'a guessed member passphrase';
const WRONG = '000000';
const created: string[] = [];

/** A member with the authenticator app on; the browser that enrolled them is signed in. */
async function enrolledMember() {
  const email = `guess-${randomBytes(5).toString('hex')}@example.com`;
  const member = await admins.insert(email, await hashPassword(PASSWORD));
  created.push(member.id);
  const b = browser(base());
  expect((await b.call('POST', '/api/admin/login', { email, password: PASSWORD })).status).toBe(200);
  const { secret } = (await b.call('POST', '/api/admin/me/totp')).body;
  const verified = await b.call('POST', '/api/admin/me/totp/verify', { code: await generate({ secret }) });
  return { id: member.id, email, recoveryCodes: verified.body.recoveryCodes as string[], browser: b };
}

/** The password step, leaving a sign-in pending. */
async function passwordStep(b: Browser, email: string) {
  const answer = await b.call('POST', '/api/admin/login', { email, password: PASSWORD });
  expect(answer.body).toMatchObject({ twoFactorRequired: true });
}

/** An hour later for the back-off (its failures no longer count); the lock's own count stays. */
async function backOffWaitedOut() {
  const sql = await getSql();
  await sql`update login_attempts set updated_at = now() - interval '2 hours', blocked_until = now() where key not like 'known:%'`;
}

async function typeCode(b: Browser, code: string) {
  await backOffWaitedOut();
  return b.call('POST', '/api/admin/login/second-factor', { code });
}

const signedIn = async (b: Browser) => (await b.call('GET', '/api/admin/session')).body.authenticated as boolean;

async function securityEvents(email: string): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ action: string }[]>`
    select action from change_history where entity_type = 'security' and lower(admin_email) = lower(${email}) order by id`;
  return rows.map((row) => row.action);
}

/** Wrong codes until the account locks: pending sign-ins of ten, each started again with the password. */
async function guessUntilLocked(member: { email: string }) {
  const b = browser(base());
  const answers: { status: number; code?: string }[] = [];
  for (let i = 0; i < WRONG_CODES_BEFORE_LOCK; i++) {
    if (i % WRONG_CODES_PER_SIGN_IN === 0) await passwordStep(b, member.email);
    const answer = await typeCode(b, WRONG);
    answers.push({ status: answer.status, code: answer.body.code });
  }
  return { b, answers };
}

beforeEach(async () => {
  await resetDatabase();
});

afterAll(async () => {
  const sql = await getSql();
  await sql`delete from admin_users where id = any(${created}::uuid[])`;
});

describe('a pending sign-in', () => {
  test('ends at its tenth wrong code: the right code is then refused until the password is given again', async () => {
    const member = await enrolledMember();
    const b = browser(base());
    await passwordStep(b, member.email);
    const pending = b.cookies.get('emdr_pending')!;
    for (let i = 1; i < WRONG_CODES_PER_SIGN_IN; i++) {
      const wrong = await typeCode(b, WRONG);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'Invalid code' });
    }
    const tenth = await typeCode(b, WRONG);
    expect(tenth.status).toBe(401);
    expect(tenth.body).toEqual({ error: 'Too many wrong codes: sign in again', code: 'sign_in_ended' });
    expect(b.cookies.has('emdr_pending')).toBe(false);

    // The step is gone on the server too: its cookie, sent again, finishes nothing.
    b.cookies.set('emdr_pending', pending);
    const replay = await typeCode(b, member.recoveryCodes[0]!);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatch(/expired/);
    expect(await signedIn(b)).toBe(false);

    await passwordStep(b, member.email);
    expect((await typeCode(b, member.recoveryCodes[0]!)).status).toBe(200);
    expect(await signedIn(b)).toBe(true);
  });
});

describe('the account’s codes', () => {
  test('lock at the twentieth wrong code in a day, at sign-in and at step-up alike; the password alone never signs in', async () => {
    const member = await enrolledMember();
    // Ten wrong at a step-up of the member's own session, ten at sign-in.
    const sql = await getSql();
    await sql`update admin_sessions set stepped_up_at = now() - interval '11 minutes' where admin_id = ${member.id}`;
    for (let i = 0; i < WRONG_CODES_PER_SIGN_IN; i++) {
      await backOffWaitedOut();
      expect((await member.browser.call('POST', '/api/admin/me/step-up', { code: WRONG })).status).toBe(400);
    }
    const b = browser(base());
    await passwordStep(b, member.email);
    const statuses: number[] = [];
    for (let i = 0; i < WRONG_CODES_PER_SIGN_IN; i++) statuses.push((await typeCode(b, WRONG)).status);
    expect(statuses).toEqual([...Array<number>(WRONG_CODES_PER_SIGN_IN - 1).fill(401), 429]);

    // Now even the right code is refused, at sign-in and at step-up, and the password makes no session.
    const c = browser(base());
    await passwordStep(c, member.email);
    const locked = await typeCode(c, member.recoveryCodes[0]!);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('second_factor_locked');
    expect(locked.body.error).toMatch(/codes are locked for this account for up to 24 hours/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await signedIn(c)).toBe(false);
    const stepUp = await member.browser.call('POST', '/api/admin/me/step-up', { code: member.recoveryCodes[1] });
    expect(stepUp.status).toBe(429);
    expect(stepUp.body.code).toBe('second_factor_locked');
    expect((await securityEvents(member.email)).filter((e) => e === 'second-factor-locked')).toHaveLength(1);

    // A day later it unlocks by itself.
    await sql`update admin_users set codes_locked_at = now() - interval '24 hours 1 minute' where id = ${member.id}`;
    await passwordStep(c, member.email);
    expect((await typeCode(c, member.recoveryCodes[0]!)).status).toBe(200);
  });

  test('npm run admin -- reset-2fa unlocks them at once', async () => {
    const member = await enrolledMember();
    const { answers } = await guessUntilLocked(member);
    expect(answers.at(-1)).toEqual({ status: 429, code: 'second_factor_locked' });
    const b = browser(base());
    await passwordStep(b, member.email);
    expect((await typeCode(b, member.recoveryCodes[0]!)).status).toBe(429);

    const reset = await runAdminCli(['reset-2fa', '--email', member.email]);
    expect(reset.code).toBe(0);
    // With no second factor left, the member signs in with the password and may set one up again.
    const again = browser(base());
    const answer = await again.call('POST', '/api/admin/login', { email: member.email, password: PASSWORD });
    expect(answer.body).toEqual({ authenticated: true, admin: { email: member.email } });
    const { secret } = (await again.call('POST', '/api/admin/me/totp')).body;
    expect((await again.call('POST', '/api/admin/me/totp/verify', { code: await generate({ secret }) })).status).toBe(
      200,
    );
    const later = browser(base());
    await passwordStep(later, member.email);
    expect((await typeCode(later, WRONG)).status).toBe(401);
  });
});
