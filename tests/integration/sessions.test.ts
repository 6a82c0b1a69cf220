import { beforeEach, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/signIn/admins';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, createSession, validateToken } from '../../src/auth/sessions';
import {
  FIRST_DELAY_MS,
  FORGET_AFTER_MS,
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_ADDRESS,
  admit,
  pruneAttempts,
  succeeded,
} from '../../src/auth/throttle';
import { getSql } from '../../src/data/database/db';
import { resetDatabase } from '../support/reset';

const HOUR = 3_600_000;
let adminId: string;
beforeEach(async () => {
  await resetDatabase();
  adminId = (await admins.findByEmail(process.env.ADMIN_EMAIL!))!.id;
});

describe('sessions', () => {
  test('a new token is valid; a tampered or truncated one is not', async () => {
    const token = await createSession(adminId);
    expect((await validateToken(token))?.email).toBe(process.env.ADMIN_EMAIL);
    const [id, secret] = token.split('.') as [string, string];
    const flipped = secret[0] === 'A' ? `B${secret.slice(1)}` : `A${secret.slice(1)}`;
    expect(await validateToken(`${id}.${flipped}`)).toBeNull();
    expect(await validateToken(token.slice(0, -1))).toBeNull();
    expect(await validateToken(`${id}`)).toBeNull();
    expect(await validateToken(undefined)).toBeNull();
  });

  test('a session idle for longer than the idle timeout ends; use within it slides the timeout', async () => {
    const token = await createSession(adminId);
    const start = Date.now();
    expect(await validateToken(token, new Date(start + IDLE_TIMEOUT_MS - HOUR))).not.toBeNull();
    // That use renewed it: another almost-full idle period later it is still valid.
    expect(await validateToken(token, new Date(start + 2 * IDLE_TIMEOUT_MS - 2 * HOUR))).not.toBeNull();
    expect(await validateToken(token, new Date(start + 3 * IDLE_TIMEOUT_MS))).toBeNull();
    expect(await validateToken(token)).toBeNull();
  });

  test('no session outlives the absolute lifetime, however often it is used', async () => {
    const token = await createSession(adminId);
    const start = Date.now();
    for (let t = IDLE_TIMEOUT_MS / 2; t < ABSOLUTE_LIFETIME_MS; t += IDLE_TIMEOUT_MS / 2) {
      expect(await validateToken(token, new Date(start + t))).not.toBeNull();
    }
    expect(await validateToken(token, new Date(start + ABSOLUTE_LIFETIME_MS + HOUR))).toBeNull();
  });

  test('changing an admin password ends that admin’s sessions', async () => {
    const token = await createSession(adminId);
    const admin = (await admins.findById(adminId))!;
    await admins.updatePassword(adminId, admin.passwordHash);
    expect(await validateToken(token)).toBeNull();
  });
});

describe('expired sessions are pruned', () => {
  test('a new sign-in removes sessions past their idle or absolute limit and keeps live ones', async () => {
    const sql = await getSql();
    const idle = await createSession(adminId);
    const old = await createSession(adminId);
    const live = await createSession(adminId);
    const id = (token: string) => token.split('.')[0]!;
    await sql`update admin_sessions set last_verified_at = now() - interval '13 hours' where id = ${id(idle)}`;
    await sql`update admin_sessions set created_at = now() - interval '8 days' where id = ${id(old)}`;
    await createSession(adminId);
    const left = await sql<{ id: string }[]>`select id from admin_sessions`;
    expect(left.map((row) => row.id)).not.toContain(id(idle));
    expect(left.map((row) => row.id)).not.toContain(id(old));
    expect(left.map((row) => row.id)).toContain(id(live));
    expect(left).toHaveLength(2);
  });
});

describe('login back-off', () => {
  const allowedOf = async (runs: Promise<{ allowed: boolean }>[]) =>
    (await Promise.all(runs)).filter((a) => a.allowed).length;

  test('an account fails a few times freely, then waits before its next attempt is even checked', async () => {
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++)
      expect((await admit('someone@example.com', `10.9.9.${i}`)).allowed).toBe(true);
    const next = await admit('SOMEONE@example.com', '10.9.9.200');
    expect(next.allowed).toBe(false);
    if (!next.allowed) {
      expect(next.retryAfterSeconds).toBeGreaterThan(0);
      expect(next.retryAfterSeconds).toBeLessThanOrEqual(FIRST_DELAY_MS / 1000);
    }
    expect((await admit('other@example.com', '10.9.9.201')).allowed).toBe(true);
  });

  test('each failure past the free ones doubles the wait', async () => {
    const sql = await getSql();
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (;;) {
        const attempt = await admit('doubling@example.com', '10.8.8.8');
        if (!attempt.allowed) {
          waits.push(attempt.retryAfterSeconds);
          break;
        }
      }
      // Time passes: the wait is over, the failures are remembered.
      await sql`update login_attempts set blocked_until = now() where key like 'account:doubling%' or key like 'address:10.8.8.8'`;
    }
    expect(waits[0]).toBeLessThanOrEqual(FIRST_DELAY_MS / 1000);
    expect(waits[1]).toBeGreaterThan(1.9 * waits[0]!);
    expect(waits[2]).toBeGreaterThan(1.9 * waits[1]!);
  });

  test('an address that signed in before is not held back by failures from elsewhere', async () => {
    const email = process.env.ADMIN_EMAIL!;
    const first = await admit(email, '192.0.2.10');
    expect(first.allowed).toBe(true);
    if (first.allowed) await succeeded(email, '192.0.2.10', first.keys);
    for (let i = 0; i < 3 * FREE_FAILURES_PER_ACCOUNT; i++) await admit(email, `198.51.100.${i}`);
    expect((await admit(email, '198.51.100.250')).allowed).toBe(false);
    expect((await admit(email, '192.0.2.10')).allowed).toBe(true);
  });

  test('a parallel burst is admitted no more often than the free failures allow', async () => {
    const burst = Array.from({ length: 30 }, () => admit('burst@example.com', '10.7.7.7'));
    expect(await allowedOf(burst)).toBe(FREE_FAILURES_PER_ACCOUNT);
    const spread = Array.from({ length: 30 }, (_, i) => admit(`spread${i}@example.com`, '10.7.7.8'));
    expect(await allowedOf(spread)).toBe(FREE_FAILURES_PER_ADDRESS);
  });

  test('an address held back writes nothing more, however many new emails it tries', async () => {
    const sql = await getSql();
    for (let i = 0; i < FREE_FAILURES_PER_ADDRESS; i++) await admit(`spray${i}@example.com`, '10.5.5.5');
    const rows = async () => (await sql<{ n: number }[]>`select count(*)::int as n from login_attempts`)[0]!.n;
    const before = await rows();
    for (let i = 0; i < 20; i++) expect((await admit(`more${i}@example.com`, '10.5.5.5')).allowed).toBe(false);
    expect(await rows()).toBe(before);
  });

  test('back-off rows that no longer count are pruned as attempts are written', async () => {
    const sql = await getSql();
    await admit('stale@example.com', '10.6.6.6');
    await admit('fresh@example.com', '10.6.6.7');
    await sql`update login_attempts set updated_at = now() - ${FORGET_AFTER_MS + 60_000}::float8 * interval '1 millisecond'
              where key in ('account:stale@example.com', 'address:10.6.6.6')`;
    expect(await pruneAttempts()).toBe(2);
    const keys = (await sql<{ key: string }[]>`select key from login_attempts`).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(['account:fresh@example.com', 'address:10.6.6.7']));
    expect(keys).not.toContain('account:stale@example.com');
  });
});
