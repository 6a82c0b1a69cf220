import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StaticSite } from './staticSite';
import { contentHash, copyPath, fileIdentity, rememberHashes } from './compressedCopies';
import { siteHeadersFromSettings } from './securityHeaders';

const HEADERS = siteHeadersFromSettings();

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
    const cache = new StaticSite(site(40, 10_000), HEADERS, 100_000);
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 40; i++) {
        expect(cache.lookup(`/page-${i}`)?.body!.toString().startsWith(`<p>${i}</p>`)).toBe(true);
        expect(cache.cachedBytes).toBeLessThanOrEqual(100_000);
      }
  });

  test('the spellings of one file share one cached entry; odd spellings are redirects, not entries', () => {
    const cache = new StaticSite(site(1, 1000), HEADERS);
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

/** What `send` wrote: status, headers and body, through the same calls a real response gets. */
function sendWith(site: StaticSite, urlPath: string, acceptEncoding: string, status = 200) {
  const req = { method: 'GET', rawHeaders: ['Accept-Encoding', acceptEncoding] } as unknown as IncomingMessage;
  let headers: string[] = [];
  let body: Buffer | undefined;
  const res = {
    writeHead: (_status: number, list: string[]) => (headers = list),
    end: (bytes?: Buffer) => (body = bytes),
  } as unknown as ServerResponse;
  site.send(req, res, site.lookup(urlPath)!, status);
  const at = headers.indexOf('content-encoding');
  return { coding: at === -1 ? 'identity' : headers[at + 1], body: body! };
}

describe('compressed copies', () => {
  test('are never made on the request path: the file goes uncompressed until the publisher made its copy', () => {
    const root = site(1, 20_000);
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-copies-'));
    const cache = new StaticSite(root, HEADERS, undefined, copies);
    const first = sendWith(cache, '/page-0', 'gzip, deflate, br');
    expect(first.coding).toBe('identity');
    expect(first.body.toString().startsWith('<p>0</p>')).toBe(true);
    // The same file as a 404 page (an unknown training's page) is labelled as what it is.
    expect(sendWith(cache, '/page-0', 'br', 404).coding).toBe('identity');
    expect(fs.readdirSync(copies)).toEqual([]);

    const entry = cache.lookup('/page-0')!;
    fs.writeFileSync(copyPath(copies, entry.hash, 'br'), zlib.brotliCompressSync(entry.body!));
    // Looked for again at most once a second, however often the page is asked for meanwhile.
    const checkedAt = entry.copiesCheckedAt;
    expect(sendWith(cache, '/page-0', 'br').coding).toBe('identity');
    expect(entry.copiesCheckedAt).toBe(checkedAt);
    entry.copiesCheckedAt -= 1_000;
    const later = sendWith(cache, '/page-0', 'gzip, deflate, br');
    expect(later.coding).toBe('br');
    expect(zlib.brotliDecompressSync(later.body).equals(entry.body!)).toBe(true);
    expect(sendWith(cache, '/page-0', 'gzip').coding).toBe('identity');
    const notFound = sendWith(cache, '/page-0', 'br', 404);
    expect(notFound.coding).toBe('br');
    expect(zlib.brotliDecompressSync(notFound.body).equals(entry.body!)).toBe(true);
  });

  test('a file whose copy is ready is sent compressed without its uncompressed bytes held; they are read when asked for', () => {
    const root = site(1, 20_000);
    const original = fs.readFileSync(path.join(root, 'page-0', 'index.html'));
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-copies-'));
    fs.writeFileSync(copyPath(copies, contentHash(original), 'br'), zlib.brotliCompressSync(original));
    const cache = new StaticSite(root, HEADERS, undefined, copies);
    const compressed = sendWith(cache, '/page-0', 'gzip, deflate, br');
    expect(compressed.coding).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.body).equals(original)).toBe(true);
    expect(cache.lookup('/page-0')!.body).toBeNull();
    // The copy is counted against the cache's bound, the uncompressed bytes are not held.
    expect(cache.cachedBytes).toBeGreaterThan(compressed.body.length);
    expect(cache.cachedBytes).toBeLessThan(original.length);
    const plain = sendWith(cache, '/page-0', 'identity');
    expect(plain.coding).toBe('identity');
    expect(plain.body.equals(original)).toBe(true);
    // Now held, and counted against the cache's bound.
    expect(cache.cachedBytes).toBeGreaterThan(original.length);
  });
});

describe('hashes the precompressor found', () => {
  test('a cold request for a file the precompressor hashed reads its copy by that hash, not the file; a file replaced since is read again', () => {
    const root = site(1, 20_000);
    const file = path.join(root, 'page-0', 'index.html');
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-copies-'));
    // A hash the file's bytes do not have: only the remembered one can lead to this copy.
    const remembered = 'remembered-by-the-worker';
    fs.writeFileSync(copyPath(copies, remembered, 'br'), zlib.brotliCompressSync('<p>from the copy</p>'));
    rememberHashes([[fileIdentity(fs.statSync(file)), remembered]], []);
    const cache = new StaticSite(root, HEADERS, undefined, copies);
    const sent = sendWith(cache, '/page-0', 'br');
    expect(sent.coding).toBe('br');
    expect(zlib.brotliDecompressSync(sent.body).toString()).toBe('<p>from the copy</p>');
    expect(cache.lookup('/page-0')!.etag).toBe(`"${remembered}"`);

    // A new version of the file is a new file renamed over the old: its identity is unknown.
    fs.writeFileSync(`${file}.tmp`, '<p>new</p>'.padEnd(20_000, ' '));
    fs.renameSync(`${file}.tmp`, file);
    const next = new StaticSite(root, HEADERS, undefined, copies).lookup('/page-0')!;
    expect(next.hash).toBe(contentHash(fs.readFileSync(file)));
  });
});
