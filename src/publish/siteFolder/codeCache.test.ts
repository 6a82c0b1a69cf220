import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { cachedCodeBuild, keepCodeBuild, useCachedCodeBuild } from './codeCache';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-code-cache-'));
  dirs.push(dir);
  return dir;
}

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** Every file below `root`, relative, sorted. */
const filesOf = (root: string) =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

/** A build as `astro build` leaves it: code, assets, pages of its data, its fingerprint and digests. */
function build(root: string, fingerprint: string): string {
  const dir = path.join(root, 'builds', fingerprint);
  write(dir, 'fingerprint.txt', fingerprint);
  write(
    dir,
    'page-digests.json',
    JSON.stringify([
      ['/', 'a'],
      ['/trainings', 'b'],
      ['/trainings/ca', 'c'],
    ]),
  );
  write(dir, 'server/entry.mjs', 'export {}');
  write(dir, 'client/_astro/island.js', 'island');
  write(dir, 'client/favicon.svg', '<svg/>');
  write(dir, 'client/index.html', 'home of this data');
  write(dir, 'client/trainings/index.html', 'list of this data');
  write(dir, 'client/trainings/ca/index.html', 'California of this data');
  // A page of the code alone below a data page's folder stays.
  write(dir, 'client/trainings/help/index.html', 'help');
  write(dir, 'client/feeds/all.ics', 'feed of this data');
  return dir;
}

describe('the code cache', () => {
  test('keeps a build without its data pages, under its code fingerprint, and leaves the build itself as it was', async () => {
    const root = tempDir();
    const cache = path.join(root, 'cache');
    const made = build(root, 'code-1');
    const before = filesOf(made);
    await keepCodeBuild(cache, 'code-1', made, ['/', '/trainings', '/trainings/ca', '/feeds/all.ics']);

    const kept = cachedCodeBuild(cache, 'code-1');
    expect(kept).toBe(path.join(cache, 'code-1'));
    expect(filesOf(kept!)).toEqual([
      'client/_astro/island.js',
      'client/favicon.svg',
      'client/trainings/help/index.html',
      'fingerprint.txt',
      'page-digests.json',
      'server/entry.mjs',
    ]);
    expect(fs.readFileSync(path.join(kept!, 'page-digests.json'), 'utf8')).toBe('[]');
    expect(fs.existsSync(path.join(kept!, 'client/feeds'))).toBe(false);
    // Hard links: the cache costs no copy, and removing the pages there removed nothing here.
    expect(filesOf(made)).toEqual(before);
    expect(fs.statSync(path.join(kept!, 'server/entry.mjs')).ino).toBe(
      fs.statSync(path.join(made, 'server/entry.mjs')).ino,
    );
    expect(fs.readFileSync(path.join(made, 'page-digests.json'), 'utf8')).toContain('/trainings/ca');
    // Nothing half-made is left beside it.
    expect(fs.readdirSync(cache)).toEqual(['code-1']);
  });

  test('finds nothing for other code, or for an entry whose fingerprint is not the one asked for', async () => {
    const root = tempDir();
    const cache = path.join(root, 'cache');
    await keepCodeBuild(cache, 'code-1', build(root, 'code-1'), []);
    expect(cachedCodeBuild(cache, 'code-2')).toBeNull();
    expect(useCachedCodeBuild(cache, 'code-2')).toBeNull();
    fs.writeFileSync(path.join(cache, 'code-1', 'fingerprint.txt'), 'tampered');
    expect(cachedCodeBuild(cache, 'code-1')).toBeNull();
    expect(cachedCodeBuild(path.join(root, 'no-such-cache'), 'code-1')).toBeNull();
  });

  test('a second keep of the same code leaves the first entry in place', async () => {
    const root = tempDir();
    const cache = path.join(root, 'cache');
    await keepCodeBuild(cache, 'code-1', build(root, 'code-1'), []);
    const first = fs.statSync(path.join(cache, 'code-1', 'fingerprint.txt')).ino;
    const other = path.join(root, 'again');
    fs.cpSync(path.join(root, 'builds', 'code-1'), other, { recursive: true });
    await keepCodeBuild(cache, 'code-1', other, []);
    expect(fs.statSync(path.join(cache, 'code-1', 'fingerprint.txt')).ino).toBe(first);
    expect(fs.readdirSync(cache)).toEqual(['code-1']);
  });

  test('keeps the four entries used last', async () => {
    const root = tempDir();
    const cache = path.join(root, 'cache');
    const at = (name: string, seconds: number) =>
      fs.utimesSync(path.join(cache, name), new Date(seconds * 1000), new Date(seconds * 1000));
    for (const [i, name] of ['code-1', 'code-2', 'code-3', 'code-4'].entries()) {
      await keepCodeBuild(cache, name, build(root, name), []);
      at(name, 1_000 + i);
    }
    // code-1 is the oldest kept, but a start used it since.
    expect(useCachedCodeBuild(cache, 'code-1')).not.toBeNull();
    await keepCodeBuild(cache, 'code-5', build(root, 'code-5'), []);
    expect(fs.readdirSync(cache).sort()).toEqual(['code-1', 'code-3', 'code-4', 'code-5']);
  });
});
