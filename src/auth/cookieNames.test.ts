import { afterEach, describe, expect, test, vi } from 'vitest';
import { pendingCookieName, sessionCookieName } from './cookieNames';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the sign-in cookies’ names', () => {
  test('on an https site they carry the __Host- prefix', () => {
    vi.stubEnv('SITE_URL', 'https://emdr.example.org');
    vi.stubEnv('SESSION_SECURE_COOKIE', '');
    expect([sessionCookieName(), pendingCookieName()]).toEqual(['__Host-emdr_admin_session', '__Host-emdr_pending']);
  });

  test('on http, or without Secure (which __Host- requires), they keep their plain names', () => {
    vi.stubEnv('SITE_URL', 'http://localhost:4321');
    vi.stubEnv('SESSION_SECURE_COOKIE', '');
    expect([sessionCookieName(), pendingCookieName()]).toEqual(['emdr_admin_session', 'emdr_pending']);
    vi.stubEnv('SITE_URL', 'https://emdr.example.org');
    vi.stubEnv('SESSION_SECURE_COOKIE', '0');
    expect(sessionCookieName()).toBe('emdr_admin_session');
  });
});
