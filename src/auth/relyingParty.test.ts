import { afterEach, describe, expect, test, vi } from 'vitest';
import { relyingParty, signedChallenge } from './relyingParty';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the relying party', () => {
  test('is SITE_URL’s host, and SITE_URL’s origin is the one accepted', () => {
    vi.stubEnv('SITE_URL', 'https://emdr.example.org');
    vi.stubEnv('PASSKEY_ORIGINS', '');
    expect(relyingParty()).toEqual({ rpID: 'emdr.example.org', origins: ['https://emdr.example.org'] });
  });

  test('PASSKEY_ORIGINS adds origins on the same host or below it', () => {
    vi.stubEnv('SITE_URL', 'https://emdr.example.org/');
    vi.stubEnv('PASSKEY_ORIGINS', 'https://admin.emdr.example.org, https://emdr.example.org:8443');
    expect(relyingParty()).toEqual({
      rpID: 'emdr.example.org',
      origins: ['https://emdr.example.org', 'https://admin.emdr.example.org', 'https://emdr.example.org:8443'],
    });
  });

  test('an origin on another host, or one with a path, stops with a sentence naming the variable', () => {
    vi.stubEnv('SITE_URL', 'https://emdr.example.org');
    vi.stubEnv('PASSKEY_ORIGINS', 'https://evil-emdr.example.org');
    expect(() => relyingParty()).toThrow(
      /PASSKEY_ORIGINS: https:\/\/evil-emdr\.example\.org is not on emdr\.example\.org/,
    );
    vi.stubEnv('PASSKEY_ORIGINS', 'https://admin.emdr.example.org/login');
    expect(() => relyingParty()).toThrow(/PASSKEY_ORIGINS must be a comma-separated list/);
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
