import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { sniffImageType } from './imageType';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('image type by bytes', () => {
  test('JPEG, PNG, GIF and WebP are recognised by their signatures', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffImageType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  test('SVG, HTML, text, a RIFF that is not WebP and truncated signatures are refused', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?><svg/>',
      '<html>',
      'hello',
    ]) {
      expect(sniffImageType(bytes(text))).toBeNull();
    }
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffImageType(bytes([0x89], 'PN'))).toBeNull();
    expect(sniffImageType(bytes('GIF8'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  test('bytes that do not start with an image signature are never taken for an image', () => {
    const signatures = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47], bytes('GIF8'), bytes('RIFF')].map((s) => [...s]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (data) => {
        fc.pre(!signatures.some((s) => s.every((b, i) => data[i] === b)));
        expect(sniffImageType(data)).toBeNull();
      }),
    );
  });
});
