import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { StaticSite } from './staticSite';

function site(files: number, bytes: number): string {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-static-')), 'client');
  for (let i = 0; i < files; i++) {
    fs.mkdirSync(path.join(root, `page-${i}`), { recursive: true });
    fs.writeFileSync(path.join(root, `page-${i}`, 'index.html'), `<p>${i}</p>`.padEnd(bytes, ' '));
  }
  return root;
}

describe('static file cache', () => {
  test('holds no more bytes than its bound, and still answers every file', () => {
    const cache = new StaticSite(site(40, 10_000), 100_000);
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 40; i++) {
        expect(cache.lookup(`/page-${i}`)?.body.toString().startsWith(`<p>${i}</p>`)).toBe(true);
        expect(cache.cachedBytes).toBeLessThanOrEqual(100_000);
      }
  });

  test('the spellings of one file share one cached entry; odd spellings are redirects, not entries', () => {
    const cache = new StaticSite(site(1, 1000));
    const entry = cache.lookup('/page-0');
    expect(cache.lookup('/page-0/')).toBe(entry);
    expect(cache.lookup('/page-0/index.html')).toBe(entry);
    const held = cache.cachedBytes;
    for (const odd of ['//page-0', '/./page-0', '/%70age-0', '/page-0//', '/x/../page-0']) {
      expect(cache.lookup(odd), odd).toBeNull();
      expect(cache.movedTo(odd), odd).toMatch(/^\/page-0\/?$/);
    }
    expect(cache.movedTo('/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(cache.movedTo('//no-such-page')).toBeNull();
    expect(cache.cachedBytes).toBe(held);
  });
});
