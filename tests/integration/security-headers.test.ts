import { describe, expect, test } from 'vitest';
import { login } from '../support/adminClient';

const base = () => process.env.TEST_BASE_URL!;

describe('security headers on every response', () => {
  test('pages, assets, public API and admin responses carry CSP, nosniff and a referrer policy', async () => {
    const home = await fetch(`${base()}/`);
    const html = await home.text();
    const asset = html.match(/(?:src|href)="(\/_astro\/[^"]+)"/)?.[1];
    expect(asset).toBeTruthy();
    const responses = {
      home,
      asset: await fetch(`${base()}${asset}`),
      api: await fetch(`${base()}/api/trainings`),
      notFound: await fetch(`${base()}/no-such-page`),
      adminPage: await fetch(`${base()}/admin/login`),
      adminApi: await fetch(`${base()}/api/admin/session`),
    };
    for (const [name, response] of Object.entries(responses)) {
      expect(response.headers.get('content-security-policy'), name).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('access-control-allow-origin'), name).toBeNull();
    }
  });

  test('an HTML page allows exactly its own inline scripts, by hash', async () => {
    for (const path of ['/', '/admin/login']) {
      const policy = (await fetch(`${base()}${path}`)).headers.get('content-security-policy')!;
      const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src'))!;
      expect(scriptSrc, path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'none'");
    }
  });

  test('a cross-origin login attempt gets no CORS permission', async () => {
    const response = await login(base(), 'nobody@example.com', 'wrong');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
