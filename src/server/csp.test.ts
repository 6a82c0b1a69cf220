import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, pageCspForBuild } from './csp';
import { INLINE_SCRIPT_HASHES_FILE, sha256Source } from './cspHashes';

function buildWith(list: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-csp-'));
  fs.writeFileSync(path.join(dir, INLINE_SCRIPT_HASHES_FILE), JSON.stringify(list));
  return dir;
}

describe('Content-Security-Policy', () => {
  test('a page policy allows exactly the inline scripts the build recorded', () => {
    const policy = pageCspForBuild(buildWith([sha256Source('a()'), sha256Source('b()')]));
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256Source('a()')} ${sha256Source('b()')}`);
  });

  test('a build without a recorded list allows no inline script, and junk in the list is ignored', () => {
    const missing = pageCspForBuild(fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-csp-')));
    expect(missing).toContain("script-src 'self';");
    const junk = pageCspForBuild(buildWith(["'unsafe-inline'", 'https://evil.example', 42, sha256Source('a()')]));
    expect(junk).toContain(`script-src 'self' ${sha256Source('a()')};`);
  });

  test('forbids plugins, base changes, framing and foreign scripts', () => {
    const policy = contentSecurityPolicy([sha256Source('a()')]);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"])
      expect(policy).toContain(directive);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test('lets the browser reach the stats widget and the photo bucket when they are configured', () => {
    const before = { ...process.env };
    process.env.PUBLIC_STATS_WIDGET_URL = 'https://stats.example.com/widget';
    process.env.S3_BUCKET = 'photos';
    process.env.S3_PUBLIC_URL = 'https://photos.example.com/bucket';
    try {
      const policy = contentSecurityPolicy([]);
      expect(policy).toContain("connect-src 'self' https://stats.example.com https://photos.example.com");
      expect(policy).toContain("img-src 'self' data: blob: https://photos.example.com");
    } finally {
      process.env = before;
    }
  });
});
