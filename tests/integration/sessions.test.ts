import { beforeEach, describe, expect, test } from 'vitest';
import * as admins from '../../src/data/admins';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, createSession, validateToken } from '../../src/auth/sessions';
import { MAX_PER_ACCOUNT, WINDOW_MS, retryAfterSeconds } from '../../src/auth/throttle';
import * as attempts from '../../src/data/loginAttempts';
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

describe('login throttle', () => {
  test('blocks an account after the limit of failures and lets it in again when the window has passed', async () => {
    for (let i = 0; i < MAX_PER_ACCOUNT; i++) await attempts.record('someone@example.com', '10.9.9.9', false);
    const wait = await retryAfterSeconds('SOMEONE@example.com', '127.0.0.2');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(await retryAfterSeconds('someone@example.com', '127.0.0.2', new Date(Date.now() + WINDOW_MS + 1000))).toBe(
      0,
    );
    expect(await retryAfterSeconds('other@example.com', '127.0.0.2')).toBe(0);
  });
});
