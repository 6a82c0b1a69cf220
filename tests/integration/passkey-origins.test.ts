import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { browser, type Browser } from '../support/browserClient';
import { resetDatabase } from '../support/reset';
import { assert, createCredential } from '../support/softAuthenticator';

/**
 * Passkeys and their origins come from configuration only (README.md "Passkeys"): the RP
 * ID is SITE_URL's host (here `localhost`, from http://localhost:4321) and a browser's answer must be
 * signed for SITE_URL's origin or one in PASSKEY_ORIGINS (here http://admin.localhost:4321). The
 * run's server is reached at 127.0.0.1: one of its own addresses, which before this change became
 * the RP ID and an accepted origin of any request addressed to it.
 */
const base = () => process.env.TEST_BASE_URL!;
const SITE = 'http://localhost:4321';
const LISTED = 'http://admin.localhost:4321';

let owner: Browser;
beforeEach(async () => {
  await resetDatabase();
  const sql = await getSql();
  await sql`delete from admin_passkeys`;
  owner = browser(base());
  const signIn = await owner.call('POST', '/api/admin/login', {
    email: process.env.ADMIN_EMAIL,
    password: process.env.ADMIN_PASSWORD,
  });
  expect(signIn.status).toBe(200);
});

// The run's owner signs in with the password alone in the other files.
afterEach(async () => {
  const sql = await getSql();
  await sql`delete from admin_passkeys`;
});

describe('the relying party', () => {
  test('a request addressed to another of the site’s addresses changes neither the RP ID nor the accepted origins', async () => {
    // The page asking is at the server's own IP address, 127.0.0.1:port, which is no origin of the site.
    const byAddress = base().replace('localhost', '127.0.0.1');
    const options = await owner.call('POST', '/api/admin/me/passkeys/options', {});
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe('localhost');

    // What a browser on that address would make: its own host as RP ID, its own origin signed.
    const asThatAddress = createCredential({ ...options.body, rp: { id: '127.0.0.1' } }, byAddress);
    const refused = await owner.call('POST', '/api/admin/me/passkeys', {
      name: 'Other address',
      response: asThatAddress.response,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The passkey could not be verified. Try again.');

    // Even with the configured RP ID, an answer signed for that origin is not accepted.
    const again = await owner.call('POST', '/api/admin/me/passkeys/options', {});
    const wrongOrigin = createCredential(again.body, byAddress);
    expect(
      (await owner.call('POST', '/api/admin/me/passkeys', { name: 'Other origin', response: wrongOrigin.response }))
        .status,
    ).toBe(400);
    expect((await owner.call('GET', '/api/admin/me/passkeys')).body.passkeys).toEqual([]);
  });

  test('SITE_URL’s origin and the origins in PASSKEY_ORIGINS are accepted, for registration and sign-in', async () => {
    for (const [name, origin] of [
      ['On the site', SITE],
      ['On the admin host', LISTED],
    ] as const) {
      const options = await owner.call('POST', '/api/admin/me/passkeys/options', {});
      const made = createCredential(options.body, origin);
      expect((await owner.call('POST', '/api/admin/me/passkeys', { name, response: made.response })).status).toBe(201);
      const signIn = browser(base());
      const challenge = (await signIn.call('POST', '/api/admin/login/passkey/options', {})).body;
      expect(challenge.rpId).toBe('localhost');
      const response = assert(made.credential, challenge.challenge, origin, { rpId: 'localhost' });
      expect((await signIn.call('POST', '/api/admin/login/passkey', { response })).status).toBe(200);
    }
  });
});
