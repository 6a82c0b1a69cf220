import { describe, expect, test } from 'vitest';
import { readTarget, readableHost } from './requestGuard';

describe('readTarget', () => {
  test('origin form is split into path and query without a URL parser', () => {
    expect(readTarget('/trainings?state=CA')).toEqual({ pathname: '/trainings', query: 'state=CA' });
    expect(readTarget('//evil.example/x')).toEqual({ pathname: '//evil.example/x', query: '' });
  });
  test('absolute form is read as a proxy would, and refused when it does not parse', () => {
    expect(readTarget('http://example.com/api/trainings?page=2')).toEqual({
      pathname: '/api/trainings',
      query: 'page=2',
    });
    for (const bad of ['http://a:99999/', 'http://[::1/', 'http://x:y/', 'http://a%00b/', 'http://u:p@a/']) {
      expect(readTarget(bad), bad).toBeNull();
    }
  });
  test('authority form, asterisk form, control characters and %00 are refused', () => {
    for (const bad of ['a:80', '*', '', '/a\u0001', '/a b', '/%00', '/x%00y']) expect(readTarget(bad), bad).toBeNull();
  });
});

describe('readableHost', () => {
  test('names, addresses and ports a URL can hold', () => {
    for (const good of [undefined, 'localhost', 'example.com:443', '127.0.0.1:4321', '[::1]:80']) {
      expect(readableHost(good), String(good)).toBe(true);
    }
  });
  test('what no URL can hold', () => {
    for (const bad of ['', 'a:99999', '[::1', 'x y', 'a/b', 'a@b', '%00', '[zz]'])
      expect(readableHost(bad), bad).toBe(false);
  });
});
