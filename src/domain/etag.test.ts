import { describe, expect, test } from 'vitest';
import { etagFor, ifMatchAllows } from './etag';

describe('record versions', () => {
  const at = new Date('2026-11-23T18:00:00.123Z');
  const tag = etagFor(at);

  test('the tag of a record is strong, quoted, and the same from a Date or its ISO string', () => {
    expect(tag).toMatch(/^"[0-9a-z]+"$/);
    expect(etagFor(at.toISOString())).toBe(tag);
    expect(etagFor(new Date(at.getTime() + 1))).not.toBe(tag);
  });

  test('If-Match: absent or * allows; a listed strong tag allows; weak, bare or other tags refuse', () => {
    expect(ifMatchAllows(null, tag)).toBe(true);
    expect(ifMatchAllows('*', tag)).toBe(true);
    expect(ifMatchAllows(tag, tag)).toBe(true);
    expect(ifMatchAllows(`"a", ${tag}`, tag)).toBe(true);
    expect(ifMatchAllows(`W/${tag}`, tag)).toBe(false);
    expect(ifMatchAllows(tag.slice(1, -1), tag)).toBe(false);
    expect(ifMatchAllows('"other"', tag)).toBe(false);
    expect(ifMatchAllows('', tag)).toBe(false);
  });
});
