import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { EnvError, linkCheckEnv, secretsEnv, serverEnv } from './settings';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the environment, read through one schema', () => {
  test('no settings give the documented defaults, and SITE_URL follows PORT', () => {
    for (const key of ['PORT', 'SITE_URL', 'HOST', 'REBUILD_DEBOUNCE_MS', 'SESSION_SECURE_COOKIE'])
      delete process.env[key];
    expect(serverEnv()).toMatchObject({
      host: '127.0.0.1',
      port: 4321,
      siteUrl: 'http://localhost:4321',
      rebuildDebounceMs: 1000,
    });
    process.env.PORT = '8080';
    expect(serverEnv()).toMatchObject({ port: 8080, siteUrl: 'http://localhost:8080', secureCookie: false });
  });

  test.each([
    ['PORT', 'abc', 'PORT must be a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535'],
    ['SITE_URL', 'emdr.example.com', 'SITE_URL must be an http:// or https:// address'],
    ['REBUILD_DEBOUNCE_MS', '-5', 'REBUILD_DEBOUNCE_MS must be a whole number'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a postgres:// address'],
    ['SMTP_URL', 'mail.example.com:587', 'SMTP_URL must be an smtp:// or smtps:// address'],
    ['SITE_TIME_ZONE', 'Mars/Olympus_Mons', 'SITE_TIME_ZONE must be an IANA time zone'],
    ['SECRETS_KEY', 'too-short', 'SECRETS_KEY must be at least 32 random bytes'],
    ['ANALYTICS_SECRET', 'too-short', 'ANALYTICS_SECRET must be at least 32 characters'],
  ])('%s=%s is refused with a sentence naming the variable', (key, value, message) => {
    process.env[key] = value;
    expect(() => serverEnv()).toThrow(EnvError);
    expect(() => serverEnv()).toThrow(message);
  });

  test('SECRETS_KEY is taken as 64 hex digits or base64 of 32 bytes; unset, the key file is in DATA_DIR', () => {
    const bytes = Buffer.from('0123456789abcdef0123456789abcdef');
    for (const written of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]) {
      process.env.SECRETS_KEY = written;
      expect(secretsEnv().key?.equals(bytes)).toBe(true);
    }
    delete process.env.SECRETS_KEY;
    process.env.DATA_DIR = '/srv/emdr';
    expect(secretsEnv()).toMatchObject({ key: null, keyFile: '/srv/emdr/secrets.key' });
  });

  test('LINK_CHECK_ALLOW_LOOPBACK=1 is refused for a public site: only tests on localhost may use it', () => {
    process.env.LINK_CHECK_ALLOW_LOOPBACK = '1';
    process.env.SITE_URL = 'https://emdr.example.com';
    expect(() => serverEnv()).toThrow('LINK_CHECK_ALLOW_LOOPBACK=1 is for tests only');
    process.env.SITE_URL = 'http://127.0.0.1:4321';
    expect(linkCheckEnv()).toEqual({
      allowLoopback: true,
      userAgent: 'EMDR-Training-Link-Check/1.0 (+http://127.0.0.1:4321/how-it-works)',
    });
    delete process.env.LINK_CHECK_ALLOW_LOOPBACK;
    expect(linkCheckEnv().allowLoopback).toBe(false);
  });

  test('a start with a bad setting says what to change in one line and touches nothing', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Cannot start: PORT must be a whole number from 0 to 65535, e.g. PORT=8080.');
    expect(result.stdout).toBe('');
  });
});
