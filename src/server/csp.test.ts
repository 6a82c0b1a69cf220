import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, cspForHtml, inlineScriptHashes } from './csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('Content-Security-Policy', () => {
  test('lists the hash of every executable inline script, not of JSON-LD or external scripts', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/_astro/c.js"></script>' +
      '<script type="application/ld+json">{"x":1}</script><script>a()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')].sort());
  });

  test('forbids plugins, base changes, framing and foreign scripts', () => {
    const policy = cspForHtml('<script>a()</script>');
    expect(policy).toContain(`script-src 'self' ${sha('a()')}`);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"])
      expect(policy).toContain(directive);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test('lets the browser reach the stats widget and the photo bucket when they are configured', () => {
    const before = { ...process.env };
    process.env.PUBLIC_STATS_WIDGET_URL = 'https://stats.example.com/widget';
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
