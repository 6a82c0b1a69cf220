import { describe, expect, test } from 'vitest';
import { canonicalPath, isPlainPath } from './urlPath';

describe('one spelling per path', () => {
  test('ordinary paths are plain', () => {
    for (const path of ['/', '/partner', '/training/abc/', '/_astro/index.B1x.js', '/favicon.svg'])
      expect(isPlainPath(path), path).toBe(true);
  });

  test('encodings, repeated slashes and dot segments have one plain form', () => {
    expect(canonicalPath('//')).toBe('/');
    expect(canonicalPath('/./')).toBe('/');
    expect(canonicalPath('/%5Fastro/a.js')).toBe('/_astro/a.js');
    expect(canonicalPath('/%70artner')).toBe('/partner');
    expect(canonicalPath('/a//b/./c/../d')).toBe('/a/b/d');
    expect(canonicalPath('//evil.example/x')).toBe('/evil.example/x');
  });

  test('climbing above the root stays at the root, as browsers resolve it', () => {
    expect(canonicalPath('/..')).toBe('/');
    expect(canonicalPath('/%2e%2e/%2E%2E/etc/passwd')).toBe('/etc/passwd');
  });

  test('paths that carry NUL, backslashes or do not decode have none', () => {
    for (const path of ['/%00', '/%E0%A4%A', '/a%5Cb', '/a\\b']) expect(canonicalPath(path), path).toBeNull();
  });
});
