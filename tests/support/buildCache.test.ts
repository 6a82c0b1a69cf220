import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ensureTestBuildCache, giveSecretsKey } from './buildCache';

const VARS = ['TEST_BUILD_CACHE', 'TEST_BUILD_CACHE_KEY'] as const;
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

test('the tests’ code cache is a fresh private folder of an unguessable name, with a key of its own', () => {
  for (const name of VARS) delete process.env[name];
  const first = ensureTestBuildCache();
  const firstDir = first.cache.dir;
  first.remove();
  for (const name of VARS) delete process.env[name];
  const second = ensureTestBuildCache();
  try {
    const stat = fs.statSync(second.cache.dir);
    expect(stat.mode & 0o777).toBe(0o700);
    expect(stat.uid).toBe(os.userInfo().uid);
    expect(second.cache.dir).not.toBe(firstDir);
    expect(Buffer.from(second.cache.key, 'base64url')).toHaveLength(32);
    expect(second.cache.key).not.toBe(first.cache.key);
    // Handed on to the processes this one starts, through the environment only.
    expect(process.env.TEST_BUILD_CACHE).toBe(second.cache.dir);
    expect(fs.readdirSync(second.cache.dir)).toEqual([]);
  } finally {
    second.remove();
  }
  expect(fs.existsSync(second.cache.dir)).toBe(false);
});

test('a DATA_DIR gets the run’s key readable by its owner only, and keeps a key it has', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-key-'));
  try {
    giveSecretsKey(dataDir, { dir: '/unused', key: 'first-key' });
    giveSecretsKey(dataDir, { dir: '/unused', key: 'second-key' });
    const file = path.join(dataDir, 'secrets.key');
    expect(fs.readFileSync(file, 'utf8')).toBe('first-key\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
