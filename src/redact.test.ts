import { describe, expect, test } from 'vitest';
import { redact, secretValues } from './redact';

describe('redact', () => {
  const env = {
    DATABASE_URL: 'postgres://app:p%40ss-w0rd@db.internal:5432/emdr',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/64f0a1b2c3d4e5f6a7b8c9d0?trigger_title=x1y2',
    ANALYTICS_SECRET: 'q9Zr4tLw0pXc7VbN2mKs8dHf5jGa1eYu',
  };
  const secrets = secretValues(env);

  test('the database password, as written and decoded, the S3 secret, the analytics secret and the hook token are masked', () => {
    const line = `connect to postgres://app:p%40ss-w0rd@db.internal:5432/emdr failed (password p@ss-w0rd); key ${env.S3_SECRET_ACCESS_KEY}; hook 64f0a1b2c3d4e5f6a7b8c9d0 and ${env.BUILD_HOOK_URL}; analytics ${env.ANALYTICS_SECRET}`;
    const out = redact(line, secrets);
    const masked = ['p%40ss-w0rd', 'p@ss-w0rd', env.S3_SECRET_ACCESS_KEY, '64f0a1b2c3d4e5f6a7b8c9d0', 'x1y2'];
    for (const secret of [...masked, env.ANALYTICS_SECRET]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('postgres://app:***@db.internal:5432/emdr');
  });

  test("any URL's password is masked, however short, and other text is left alone", () => {
    expect(redact('postgres://u:pw@127.0.0.1:59999/x', [])).toBe('postgres://u:***@127.0.0.1:59999/x');
    expect(redact('Site built in 2.0 s (64 pages); see http://localhost:4321/admin', secrets)).toBe(
      'Site built in 2.0 s (64 pages); see http://localhost:4321/admin',
    );
  });

  test("an invitation link's token is masked in the paths that carry it", () => {
    const token = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6';
    expect(redact(`GET /admin/invite/${token} 500`, [])).toBe('GET /admin/invite/*** 500');
    expect(redact(`POST /api/admin/invitations/${token}/accept`, [])).toBe('POST /api/admin/invitations/***/accept');
    // An invitation's id (a UUID, for revoking) is not a secret.
    const id = '0b7c6f1e-8a7d-4c1b-9f2e-3d4c5b6a7f80';
    expect(redact(`DELETE /api/admin/invitations/${id}`, [])).toBe(`DELETE /api/admin/invitations/${id}`);
  });

  test("a password-reset link's token is masked in either side's page path", () => {
    const token = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6';
    expect(redact(`GET /admin/reset-password/${token} 200`, [])).toBe('GET /admin/reset-password/*** 200');
    expect(redact(`GET https://emdr.example/account/reset-password/${token}?x=1`, [])).toBe(
      'GET https://emdr.example/account/reset-password/***?x=1',
    );
    // The page that asks for a link has no token to mask.
    expect(redact('GET /account/reset-password 200', [])).toBe('GET /account/reset-password 200');
  });

  test('the SMTP_URL password and SECRETS_KEY are masked too', () => {
    const mail = secretValues({
      SMTP_URL: 'smtp://mailer:m41l-p%40ss@smtp.example.com:587',
      SECRETS_KEY: 'q5Vb0Zx1r3ZkR7m2W9yT4uP8sL6dN0cE1hJ3aK5fG7o=',
    });
    const out = redact('auth m41l-p@ss refused; key q5Vb0Zx1r3ZkR7m2W9yT4uP8sL6dN0cE1hJ3aK5fG7o= loaded', mail);
    expect(out).toBe('auth *** refused; key *** loaded');
  });

  test('no settings, no secrets', () => {
    expect(secretValues({})).toEqual([]);
  });
});
