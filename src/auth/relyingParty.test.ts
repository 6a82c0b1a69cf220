import type { APIContext } from 'astro';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { relyingParty, signedChallenge } from './relyingParty';

/** A request to `url`, from a page at `origin` (the browser's Origin header). */
const request = (url: string, origin?: string) => {
  const headers = new Headers({ host: new URL(url).host });
  if (origin) headers.set('origin', origin);
  return {
    request: new Request(url, { method: 'POST', headers }),
    url: new URL(url),
    cookies: {},
  } as unknown as APIContext;
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the relying party of a request', () => {
  test('the RP ID is the asking page’s host when that page is ours', () => {
    vi.stubEnv('SITE_URL', 'https://emdr.example.org');
    const local = relyingParty(request('http://localhost:4321/api/admin/me/passkeys/options', 'http://localhost:4321'));
    expect(local.rpID).toBe('localhost');
    expect(local.origins).toEqual(['https://emdr.example.org', 'http://localhost:4321']);
    expect(local.rpIDs).toEqual(['emdr.example.org', 'localhost']);
    const site = relyingParty(
      request('http://10.0.0.5:4321/api/admin/login/passkey/options', 'https://emdr.example.org'),
    );
    expect(site.rpID).toBe('emdr.example.org');
  });

  test('a foreign or missing Origin gets SITE_URL’s host, never its own', () => {
    vi.stubEnv('SITE_URL', 'https://emdr.example.org');
    expect(relyingParty(request('http://localhost:4321/x', 'https://evil.example')).rpID).toBe('emdr.example.org');
    expect(relyingParty(request('http://localhost:4321/x')).rpID).toBe('emdr.example.org');
  });
});

describe('the challenge a browser signed', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  test('is read from clientDataJSON', () => {
    expect(signedChallenge(encode({ type: 'webauthn.get', challenge: 'abc_-1' }))).toBe('abc_-1');
  });

  test('is null for anything unreadable', () => {
    expect(signedChallenge('not base64 json')).toBeNull();
    expect(signedChallenge(encode({ type: 'webauthn.get' }))).toBeNull();
    expect(signedChallenge(encode({ challenge: 42 }))).toBeNull();
    expect(signedChallenge(encode({ challenge: 'x'.repeat(201) }))).toBeNull();
    expect(signedChallenge(encode(null))).toBeNull();
  });
});
