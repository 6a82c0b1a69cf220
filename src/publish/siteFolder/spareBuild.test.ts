import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { syncLinks } from './links';
import { SpareBuild } from './spareBuild';
import { sitePaths } from './paths';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-spare-'));
  dirs.push(dir);
  return dir;
}

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** Every file below `root`, relative, with its inode. */
function tree(root: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full), fs.statSync(full).ino);
  }
  return files;
}

describe('syncLinks', () => {
  test('makes the folder an exact linked copy, keeping what is already linked and writing only the rest', () => {
    const root = tempDir();
    const from = path.join(root, 'from');
    const to = path.join(root, 'to');
    write(from, 'index.html', 'home');
    write(from, 'training/a/index.html', 'a');
    write(from, 'training/b/index.html', 'b, edited');
    write(from, 'feeds/all.ics', 'feed');
    // `to` is an older copy: one page still shared, one page of old content, a page since removed,
    // and a file where the source now has a folder.
    fs.mkdirSync(path.join(to, 'training', 'a'), { recursive: true });
    fs.linkSync(path.join(from, 'training/a/index.html'), path.join(to, 'training/a/index.html'));
    write(to, 'training/b/index.html', 'b');
    write(to, 'training/gone/index.html', 'gone');
    write(to, 'feeds', 'not a folder');
    const kept = fs.statSync(path.join(to, 'training/a/index.html')).ino;

    return syncLinks(from, to).then(() => {
      expect(tree(to)).toEqual(tree(from));
      expect(fs.statSync(path.join(to, 'training/a/index.html')).ino).toBe(kept);
      expect(fs.readFileSync(path.join(to, 'training/b/index.html'), 'utf8')).toBe('b, edited');
      expect(fs.existsSync(path.join(to, 'training/gone'))).toBe(false);
    });
  });
});

describe('SpareBuild', () => {
  test('takes over the build pruning would delete and hands out an exact copy of the live build', async () => {
    const paths = sitePaths(tempDir());
    write(paths.build('b1'), 'client/index.html', 'home 1');
    write(paths.build('b1'), 'client/training/a/index.html', 'a');
    write(paths.build('b2'), 'client/index.html', 'home 2');
    fs.mkdirSync(path.join(paths.build('b2'), 'client/training/a'), { recursive: true });
    fs.linkSync(
      path.join(paths.build('b1'), 'client/training/a/index.html'),
      path.join(paths.build('b2'), 'client/training/a/index.html'),
    );
    fs.writeFileSync(paths.input('b1'), '{}');

    const spare = new SpareBuild(paths);
    spare.prepare('b2', 'b1');
    // The donor leaves the builds folder at once, so a pruner running next cannot delete it.
    expect(fs.existsSync(paths.build('b1'))).toBe(false);
    expect(fs.existsSync(paths.input('b1'))).toBe(false);

    const out = path.join(paths.builds, 'b3');
    await spare.take('b2', out);
    expect(tree(out)).toEqual(tree(paths.build('b2')));
    expect(fs.readFileSync(path.join(out, 'client/index.html'), 'utf8')).toBe('home 2');
    expect(fs.readdirSync(path.dirname(path.join(paths.root, 'spare', String(process.pid))))).toEqual([]);
  });

  test('a spare of another build is brought up to date when taken', async () => {
    const paths = sitePaths(tempDir());
    write(paths.build('b1'), 'client/index.html', 'home 1');
    write(paths.build('b2'), 'client/index.html', 'home 2');
    write(paths.build('b2'), 'client/training/new/index.html', 'new');
    const spare = new SpareBuild(paths);
    spare.prepare('b1');
    const out = path.join(paths.builds, 'b3');
    await spare.take('b2', out);
    expect(tree(out)).toEqual(tree(paths.build('b2')));
  });
});
