import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { describe, expect, test } from 'vitest';
import { netlifyHeaders } from '../../src/server/netlifyRules';
import { CACHE_RULES } from '../../src/server/cacheRules';

const base = () => process.env.TEST_BASE_URL!;

/** The headers a Netlify CDN sends for `pathname` under a `_headers` file, parsed and applied by Netlify's own parser. */
async function cdnHeaders(headersFile: string, pathname: string): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-headers-'));
  try {
    const file = path.join(dir, '_headers');
    fs.writeFileSync(file, headersFile);
    const parsed = await parseAllHeaders({ headersFiles: [file], configHeaders: undefined, minimal: false });
    expect(parsed.errors).toEqual([]);
    // Full (not minimal) rules carry the path's regular expression.
    const headers = parsed.headers as Header[];
    // Netlify's headersForPath: every matching rule, the later one's value of a header winning.
    const matching = headers.filter((rule) => rule.forRegExp.test(pathname)).map((rule) => rule.values);
    return Object.fromEntries(
      Object.entries(Object.assign({}, ...matching) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('one cache table for the host and the CDN', () => {
  test('for every kind of published file, the host sends the Cache-Control the generated _headers makes a CDN send', async () => {
    const html = await (await fetch(`${base()}/`)).text();
    const asset = html.match(/(?:src|href)="(\/_astro\/[^"]+)"/)?.[1];
    expect(asset).toBeTruthy();
    const examples: Record<(typeof CACHE_RULES)[number]['kind'], string[]> = {
      page: ['/', '/partner', '/privacy', '/favicon.svg'],
      feed: ['/feeds/all.ics', '/feeds/new.xml'],
      sitemap: ['/sitemap.xml'],
      robots: ['/robots.txt'],
      asset: [asset!],
    };
    const headersFile = netlifyHeaders("default-src 'self'");
    for (const [kind, pathnames] of Object.entries(examples)) {
      for (const pathname of pathnames) {
        const answer = await fetch(`${base()}${pathname}`);
        expect(answer.status, pathname).toBe(200);
        const cdn = await cdnHeaders(headersFile, pathname);
        expect(answer.headers.get('cache-control'), `${kind} ${pathname}`).toBe(cdn['cache-control']);
        for (const name of ['x-content-type-options', 'referrer-policy', 'x-frame-options']) {
          expect(answer.headers.get(name), `${name} of ${pathname}`).toBe(cdn[name]);
        }
      }
    }
  });

  test('the table gives each kind its own rule and the CDN file names every one', () => {
    const headersFile = netlifyHeaders("default-src 'self'");
    for (const rule of CACHE_RULES)
      expect(headersFile).toContain(`${rule.path}\n  Cache-Control: ${rule.cacheControl}\n`);
  });
});
