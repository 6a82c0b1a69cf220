import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { contentHash, copyPath, knownHash } from '../../server/compressedCopies';
import { Precompressor } from './precompressor';

let precompressor: Precompressor | undefined;
afterEach(async () => {
  await precompressor?.stop();
});

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

test("a pass makes the missing copies and tells the server each file's hash; a replaced file's old hash is forgotten", async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-precompress-'));
  const client = path.join(base, 'client');
  const copies = path.join(base, 'compressed');
  const page = path.join(client, 'training', 'a', 'index.html');
  const script = path.join(client, '_astro', 'app.js');
  write(page, `<h1>A training</h1>${'<p>Basic Training, Part 1 and Part 2.</p>'.repeat(200)}`);
  write(script, `export const parts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `part ${i}`))};`);
  const logged: string[] = [];
  precompressor = new Precompressor(copies, (line) => logged.push(line));

  precompressor.request(client);
  await precompressor.idle();
  for (const file of [page, script]) {
    const bytes = fs.readFileSync(file);
    const hash = contentHash(bytes);
    expect(knownHash(fs.statSync(file))).toBe(hash);
    expect(zlib.brotliDecompressSync(fs.readFileSync(copyPath(copies, hash, 'br'))).equals(bytes)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(copyPath(copies, hash, 'gzip'))).equals(bytes)).toBe(true);
  }

  const before = fs.statSync(page);
  write(page, `<h1>A training, edited</h1>${'<p>Consultation included.</p>'.repeat(200)}`);
  precompressor.request(client);
  await precompressor.idle();
  expect(knownHash(before)).toBeUndefined();
  expect(knownHash(fs.statSync(page))).toBe(contentHash(fs.readFileSync(page)));
  expect(logged).toEqual([]);
});

test('a pass waits while a publish runs, and goes on once it has ended', async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-precompress-'));
  const client = path.join(base, 'client');
  const copies = path.join(base, 'compressed');
  const page = path.join(client, 'index.html');
  write(page, `<h1>EMDR trainings</h1>${'<p>Basic Training with consultation.</p>'.repeat(200)}`);
  precompressor = new Precompressor(copies, () => {});

  precompressor.holdWhile(true);
  precompressor.request(client);
  // The worker reaches its first file and waits there.
  while (precompressor.waits === 0) await new Promise((resolve) => setImmediate(resolve));
  expect(fs.existsSync(copies) ? fs.readdirSync(copies) : []).toEqual([]);

  precompressor.holdWhile(false);
  await precompressor.idle();
  const hash = contentHash(fs.readFileSync(page));
  expect(fs.existsSync(copyPath(copies, hash, 'br'))).toBe(true);
  expect(fs.existsSync(copyPath(copies, hash, 'gzip'))).toBe(true);
});
