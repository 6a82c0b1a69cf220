import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { redact } from './redact';
import { routeFor } from './server/routes';
import { isMemberAreaPath } from './domain/adminPaths';

/**
 * Every route that carries a token is masked in the logs (docs/security.md, Headers and input): this
 * walks the route table (every page and endpoint under src/pages, each of which the host hands on
 * through a route of src/server/routes.ts) and finds each route whose path holds a token, as a
 * `[token]` segment or a `token` read from its query, then asks redact to mask a sample of each. A new
 * token route that redact does not know fails here.
 */
const PAGES = path.resolve('src/pages');
const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6';
const ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

interface PageRoute {
  file: string;
  /** The route's path with a sample for each parameter. */
  sample: string;
  tokenInPath: boolean;
  tokenInQuery: boolean;
}

function routes(dir = PAGES): PageRoute[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routes(full);
    if (!/\.(astro|ts)$/.test(entry.name) || entry.name.endsWith('.test.ts')) return [];
    const rel = path
      .relative(PAGES, full)
      .replace(/\.(astro|ts)$/, '')
      .replace(/(^|\/)index$/, '');
    const tokenInPath = /\[token\]/.test(rel);
    const sample = `/${rel.replace(/\[token\]/g, TOKEN).replace(/\[[^\]]+\]/g, ID)}`;
    const source = fs.readFileSync(full, 'utf8');
    return [{ file: rel, sample, tokenInPath, tokenInQuery: /searchParams\.get\(['"]token['"]\)/.test(source) }];
  });
}

const all = routes();
const carrying = all.filter((route) => route.tokenInPath || route.tokenInQuery);

describe('every route whose path carries a token is masked in the logs', () => {
  test('the walk finds the invitation and password-reset links of both areas, the accept call and the mailed links', () => {
    expect(carrying.map((route) => route.file).sort()).toEqual([
      'account/invite/[token]',
      'account/reset-password/[token]',
      'admin/invite/[token]',
      'admin/reset-password/[token]',
      'alerts/confirm',
      'alerts/manage',
      'alerts/unsubscribe',
      'api/admin/invitations/[token]/accept',
      'listings/confirm',
    ]);
  });

  test.each(carrying.map((route) => [route.file, route] as const))('%s', (_file, route) => {
    // Each is a route the host hands to the application (the route table), member areas included.
    expect(routeFor(route.sample.split('?')[0]!, 'GET')?.handler ?? 'static').toBe('astro');
    if (route.file.startsWith('admin/') || route.file.startsWith('account/'))
      expect(isMemberAreaPath(route.sample)).toBe(true);
    const line = (url: string) => `{"msg":"request","method":"GET","url":"${url}","status":500}`;
    if (route.tokenInPath) {
      const masked = redact(line(route.sample), []);
      expect(masked).not.toContain(TOKEN);
      expect(masked).toContain(route.sample.replace(TOKEN, '***'));
    }
    if (route.tokenInQuery) {
      const masked = redact(line(`${route.sample}?token=${TOKEN}&x=1`), []);
      expect(masked).not.toContain(TOKEN);
      expect(masked).toContain(`${route.sample}?token=***&x=1`);
    }
  });

  test('a record id after an invitation path stays readable; an upload URL’s signature is masked', () => {
    expect(redact(`DELETE /api/admin/invitations/${ID}`, [])).toBe(`DELETE /api/admin/invitations/${ID}`);
    expect(redact(`PUT /api/uploads/abc?expires=1&sig=${TOKEN}`, [])).toBe('PUT /api/uploads/abc?expires=1&sig=***');
  });
});
