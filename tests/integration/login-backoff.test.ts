import { beforeEach, describe, expect, test } from 'vitest';
import { FREE_FAILURES_PER_ACCOUNT, FREE_FAILURES_PER_ADDRESS } from '../../src/auth/throttle';
import { resetDatabase } from '../support/reset';

/**
 * Sign-in under attack, through the real server with TRUST_PROXY=loopback: these requests come
 * from this machine, so their X-Forwarded-For names the client, as a proxy in front would.
 */
const base = () => process.env.TEST_BASE_URL!;

function login(from: string, email: string, password: string) {
  return fetch(`${base()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base(), 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
}

beforeEach(async () => {
  await resetDatabase();
});

describe('login back-off', () => {
  test('an attacker’s 25 bad logins from one address do not keep out the admin signing in from another', async () => {
    const admin = process.env.ADMIN_EMAIL!;
    const password = process.env.ADMIN_PASSWORD!;
    expect((await login('198.51.100.10', admin, password)).status).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await login('203.0.113.66', admin, `guess ${i}`)).status);
    expect(statuses.slice(0, FREE_FAILURES_PER_ACCOUNT)).toEqual(Array(FREE_FAILURES_PER_ACCOUNT).fill(401));
    expect(statuses.slice(FREE_FAILURES_PER_ACCOUNT)).toEqual(Array(25 - FREE_FAILURES_PER_ACCOUNT).fill(429));

    const blocked = await login('203.0.113.66', admin, password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The admin's usual address signs in with the right password, again and again.
    for (let i = 0; i < 3; i++) expect((await login('198.51.100.10', admin, password)).status).toBe(200);
    // A first sign-in from a new address waits while the account is under attack.
    expect((await login('198.51.100.99', admin, password)).status).toBe(429);
  });

  test('a parallel burst of wrong passwords gets no more password checks than the free failures', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => login('203.0.113.77', 'victim@example.com', 'wrong password')),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - FREE_FAILURES_PER_ACCOUNT);
  });

  test('one address guessing across many accounts is held back too', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('203.0.113.88', `user${i}@example.com`, 'wrong password')),
    );
    expect(burst.filter((response) => response.status === 401)).toHaveLength(FREE_FAILURES_PER_ADDRESS);
    // Another address is not affected.
    expect((await login('203.0.113.89', 'user1@example.com', 'wrong password')).status).toBe(401);
  });

  test('an IPv6 client is one address by its /64: a new address in it for each guess is held back all the same', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= FREE_FAILURES_PER_ADDRESS + 1; i++)
      statuses.push((await login(`2001:db8:61:e::${i.toString(16)}`, `six${i}@example.com`, 'wrong')).status);
    expect(statuses.slice(0, FREE_FAILURES_PER_ADDRESS)).toEqual(Array(FREE_FAILURES_PER_ADDRESS).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client.
    expect((await login('2001:db8:61:f::1', 'six1@example.com', 'wrong')).status).toBe(401);
  });

  test('addresses a client writes in front of the chain do not give it a fresh address', async () => {
    // The proxy appends the address it saw; what the client wrote before it is not trusted.
    const statuses: number[] = [];
    for (let i = 0; i < FREE_FAILURES_PER_ADDRESS + 1; i++)
      statuses.push((await login(`10.0.0.${i}, 203.0.113.55`, `spoof${i}@example.com`, 'wrong')).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
