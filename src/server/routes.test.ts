import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { netlifyHeaders, netlifyRedirects } from './netlifyRules';
import { routeFor } from './routes';
import { securityHeaderTable } from './securityHeaders';

const ORIGIN = 'https://api.example.com';

/** Every page or endpoint of the build that is rendered on demand, as a sample URL path. */
function onDemandPaths(dir = path.resolve('src/pages'), base = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      found.push(...onDemandPaths(file, `${base}/${entry.name.replace(/^\[.+\]$/, 'sample-id')}`));
      continue;
    }
    if (!/export const prerender = false/.test(fs.readFileSync(file, 'utf8'))) continue;
    const name = entry.name.replace(/\.(ts|astro)$/, '').replace(/^\[.+\]$/, 'sample-id');
    found.push(name === 'index' ? base || '/' : `${base}/${name}`);
  }
  return found;
}

/** Where Netlify sends a path under our `_redirects` (first matching rule), or null when it serves a file. */
function cdnTarget(rules: string, pathname: string): string | null {
  for (const line of rules.trim().split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    const splat = from!.endsWith('*') ? from!.slice(0, -1) : null;
    if (splat !== null ? pathname.startsWith(splat) : pathname === from) {
      return status === '200!' ? to!.replace(':splat', splat !== null ? pathname.slice(splat.length) : '') : null;
    }
  }
  return null;
}

describe('the route table', () => {
  const paths = onDemandPaths();

  test('finds the on-demand routes of the build', () => {
    expect(paths).toEqual(expect.arrayContaining(['/trainings', '/admin', '/api/admin/site-status']));
  });

  test.each(paths)('%s is handed to the application by the host', (pathname) => {
    for (const method of ['GET', 'POST']) expect(routeFor(pathname, method)?.handler).toBeDefined();
  });

  test.each(paths)('%s is proxied to the API origin by the CDN rules', (pathname) => {
    expect(cdnTarget(netlifyRedirects(ORIGIN), pathname)).toBe(`${ORIGIN}${pathname}`);
  });

  test('the home filters without JavaScript (/trainings?state=CA) reach the origin behind the CDN', () => {
    // Netlify passes the query string on to a proxied path.
    expect(cdnTarget(netlifyRedirects(ORIGIN), '/trainings')).toBe(`${ORIGIN}/trainings`);
  });

  test('photos are served by the application on the host and through the CDN', () => {
    expect(routeFor('/objects/0123456789abcdef0123456789abcdef')?.handler).toBe('objects');
    expect(cdnTarget(netlifyRedirects(ORIGIN), '/objects/abc')).toBe(`${ORIGIN}/objects/abc`);
  });

  test('published pages are files on both: no route claims them', () => {
    for (const pathname of ['/', '/partner', '/training/some-id', '/_astro/app.js']) {
      expect(routeFor(pathname)).toBeUndefined();
      expect(cdnTarget(netlifyRedirects(ORIGIN), pathname)).toBeNull();
    }
  });

  test('health checks answer on the host only: they are for the origin balancer', () => {
    expect(routeFor('/readyz')?.handler).toBe('health');
    expect(cdnTarget(netlifyRedirects(ORIGIN), '/readyz')).toBeNull();
  });
});

describe('the header table', () => {
  test('every security header of the host is in the CDN headers, with the pages CSP', () => {
    const headers = netlifyHeaders("default-src 'self'");
    for (const [name, value] of Object.entries(securityHeaderTable({ https: true, csp: "default-src 'self'" }))) {
      expect(headers).toContain(`  ${name}: ${value}\n`);
    }
    // On a CDN the last matching rule wins: the general rule must come first.
    expect(headers.indexOf('/*\n')).toBeLessThan(headers.indexOf('/_astro/*\n'));
  });
});
