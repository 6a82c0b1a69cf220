import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import { cachedCodeBuild, keepCodeBuild, useCachedCodeBuild, type CodeCache } from './codeCache';
import { MANIFEST_FILE, ownershipProblem, SEAL_FILE } from './cacheSeal';

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

const KEY = randomBytes(32);
/** The cache folder below `root`, sealed with the test's key (or another). */
const cacheIn = (root: string, key = KEY): CodeCache => ({ dir: path.join(root, 'cache'), key });
/** An entry's folder name: its fingerprint and its key's tag. */
const entryOf = (cache: CodeCache, fingerprint: string) =>
  fs.readdirSync(cache.dir).find((name) => name.startsWith(`${fingerprint}-`))!;

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
    const cache = cacheIn(root);
    const made = build(root, 'code-1');
    const before = filesOf(made);
    await keepCodeBuild(cache, 'code-1', made, ['/', '/trainings', '/trainings/ca', '/feeds/all.ics']);

    const kept = cachedCodeBuild(cache, 'code-1');
    expect(kept).toBe(path.join(cache.dir, entryOf(cache, 'code-1')));
    expect(filesOf(kept!)).toEqual(
      [
        MANIFEST_FILE,
        SEAL_FILE,
        'client/_astro/island.js',
        'client/favicon.svg',
        'client/trainings/help/index.html',
        'fingerprint.txt',
        'page-digests.json',
        'server/entry.mjs',
      ].sort(),
    );
    expect(fs.readFileSync(path.join(kept!, 'page-digests.json'), 'utf8')).toBe('[]');
    expect(fs.existsSync(path.join(kept!, 'client/feeds'))).toBe(false);
    // Hard links: the cache costs no copy, and removing the pages there removed nothing here.
    expect(filesOf(made)).toEqual(before);
    expect(fs.statSync(path.join(kept!, 'server/entry.mjs')).ino).toBe(
      fs.statSync(path.join(made, 'server/entry.mjs')).ino,
    );
    expect(fs.readFileSync(path.join(made, 'page-digests.json'), 'utf8')).toContain('/trainings/ca');
    // Nothing half-made is left beside it, and the folder is this user's alone.
    expect(fs.readdirSync(cache.dir)).toEqual([entryOf(cache, 'code-1')]);
    expect(fs.statSync(cache.dir).mode & 0o777).toBe(0o700);
    // Its files are read-only, through every link to them: the build's own copy too.
    expect(fs.statSync(path.join(kept!, 'server/entry.mjs')).mode & 0o777).toBe(0o444);
    expect(fs.statSync(path.join(made, 'server/entry.mjs')).mode & 0o777).toBe(0o444);
  });

  test('finds nothing for other code, for another key, or in a cache folder that is not there', async () => {
    const root = tempDir();
    const cache = cacheIn(root);
    await keepCodeBuild(cache, 'code-1', build(root, 'code-1'), []);
    expect(cachedCodeBuild(cache, 'code-2')).toBeNull();
    expect(useCachedCodeBuild(cache, 'code-2')).toBeNull();
    expect(cachedCodeBuild(cacheIn(root, randomBytes(32)), 'code-1')).toBeNull();
    expect(cachedCodeBuild({ dir: path.join(root, 'no-such-cache'), key: KEY }, 'code-1')).toBeNull();
  });

  /** A kept entry, changed by `change`; answers what the next load said. */
  async function refusalAfter(change: (entry: string, cache: CodeCache) => void): Promise<string[]> {
    const root = tempDir();
    const cache = cacheIn(root);
    await keepCodeBuild(cache, 'code-1', build(root, 'code-1'), []);
    const entry = path.join(cache.dir, entryOf(cache, 'code-1'));
    expect(cachedCodeBuild(cache, 'code-1')).toBe(entry);
    change(entry, cache);
    const said: string[] = [];
    expect(useCachedCodeBuild(cache, 'code-1', (why) => said.push(why))).toBeNull();
    return said;
  }

  test.each([
    [
      'a line added to its server code',
      (entry: string) => {
        fs.chmodSync(path.join(entry, 'server/entry.mjs'), 0o644);
        fs.appendFileSync(path.join(entry, 'server/entry.mjs'), '\nglobalThis.planted = true;\n');
      },
      /server\/entry\.mjs is not the file its manifest holds/,
    ],
    [
      'a file added',
      (entry: string) => fs.writeFileSync(path.join(entry, 'server/extra.mjs'), 'export {}'),
      /not the ones its manifest lists/,
    ],
    [
      'a file removed',
      (entry: string) => fs.rmSync(path.join(entry, 'client/favicon.svg')),
      /not the ones its manifest lists/,
    ],
    [
      'a manifest rewritten without the key',
      (entry: string) => {
        const manifest = path.join(entry, MANIFEST_FILE);
        fs.chmodSync(manifest, 0o644);
        fs.writeFileSync(manifest, JSON.stringify({ fingerprint: 'code-1', files: {} }));
      },
      /not sealed with this server’s key/,
    ],
    [
      'a symbolic link',
      (entry: string) => fs.symlinkSync('/etc/passwd', path.join(entry, 'client/passwd')),
      /client\/passwd is a symbolic link/,
    ],
    [
      'a folder that others may write',
      (entry: string) => fs.chmodSync(path.join(entry, 'server'), 0o777),
      /server: it is writable by its group/,
    ],
    [
      'a cache folder that others may write',
      (_entry: string, cache: CodeCache) => fs.chmodSync(cache.dir, 0o757),
      /BUILD_CACHE_DIR: it is writable by other users/,
    ],
  ])('refuses an entry with %s, saying why once', async (_what, change, why) => {
    const said = await refusalAfter(change);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(why);
  });

  test('a folder or file another user owns is not trusted, however its modes are', () => {
    const root = tempDir();
    const stat = fs.statSync(root);
    expect(ownershipProblem(stat, stat.uid)).toBeNull();
    expect(ownershipProblem(stat, stat.uid + 1)).toBe(`it belongs to user ${stat.uid}, not ${stat.uid + 1}`);
  });

  test('a second keep of the same code leaves the first entry in place', async () => {
    const root = tempDir();
    const cache = cacheIn(root);
    await keepCodeBuild(cache, 'code-1', build(root, 'code-1'), []);
    const name = entryOf(cache, 'code-1');
    const first = fs.statSync(path.join(cache.dir, name, 'fingerprint.txt')).ino;
    const other = path.join(root, 'again');
    fs.cpSync(path.join(root, 'builds', 'code-1'), other, { recursive: true });
    await keepCodeBuild(cache, 'code-1', other, []);
    expect(fs.statSync(path.join(cache.dir, name, 'fingerprint.txt')).ino).toBe(first);
    expect(fs.readdirSync(cache.dir)).toEqual([name]);
  });

  test('keeps the four entries used last', async () => {
    const root = tempDir();
    const cache = cacheIn(root);
    const at = (name: string, seconds: number) =>
      fs.utimesSync(path.join(cache.dir, entryOf(cache, name)), new Date(seconds * 1000), new Date(seconds * 1000));
    for (const [i, name] of ['code-1', 'code-2', 'code-3', 'code-4'].entries()) {
      await keepCodeBuild(cache, name, build(root, name), []);
      at(name, 1_000 + i);
    }
    // code-1 is the oldest kept, but a start used it since.
    expect(useCachedCodeBuild(cache, 'code-1')).not.toBeNull();
    await keepCodeBuild(cache, 'code-5', build(root, 'code-5'), []);
    expect(
      fs
        .readdirSync(cache.dir)
        .map((name) => name.split('-').slice(0, 2).join('-'))
        .sort(),
    ).toEqual(['code-1', 'code-3', 'code-4', 'code-5']);
  });
});
