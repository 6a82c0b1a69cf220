import { describe, expect, test } from 'vitest';
import { sha256Source } from '../../src/server/cspHashes';
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
      // Only the public list may be read by other sites (the trainers' widget, docs/product.md).
      expect(response.headers.get('access-control-allow-origin'), name).toBe(name === 'api' ? '*' : null);
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

  test('every inline script a page carries is one the build recorded, and all pages share the policy', async () => {
    const policies = new Set<string>();
    for (const path of ['/', '/partner', '/admin/login', '/trainings', '/trainers']) {
      const response = await fetch(`${base()}${path}`);
      const policy = response.headers.get('content-security-policy')!;
      policies.add(policy);
      const html = await response.text();
      for (const [, attributes, body] of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
        if (/application\/(ld\+)?json/.test(attributes!)) continue;
        expect(policy, `${path}: ${body!.slice(0, 60)}`).toContain(sha256Source(body!));
      }
    }
    expect(policies.size).toBe(1);
  });

  test('admin pages are never cached; every dynamic answer carries a request id', async () => {
    for (const path of ['/admin/login', '/admin/dashboard', '/admin']) {
      const response = await fetch(`${base()}${path}`, { redirect: 'manual' });
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
    const bad = await fetch(`${base()}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: '{"email": 1}',
    });
    const body = (await bad.json()) as { error: string; fieldErrors: object; requestId: string };
    expect(bad.status).toBe(400);
    expect(body.fieldErrors).toBeTypeOf('object');
    expect(body.requestId).toBe(bad.headers.get('x-request-id'));
  });

  test('a cross-origin login attempt gets no CORS permission', async () => {
    const response = await login(base(), 'nobody@example.com', 'wrong');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
